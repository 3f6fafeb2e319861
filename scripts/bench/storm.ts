// npm run bench:storm -- [--members 2000] [--fleets 2] [--no-compare]
//
// Reconnect storm: N members (default 2,000; each a socket.io client with the client's own
// reconnection, in --fleets client processes) are connected to ONE server process (DB_POOL_MAX 20);
// the process is stopped (SIGTERM, as a deploy does) and started again on the same port. Measured per
// restart: seconds until every socket has a fresh snapshot (from the new process answering its
// liveness check, and from the stop), handshakes refused by the server, the most database connections
// the server held (pg_stat_activity by application_name, sampled every 100 ms) and the transactions
// it committed during the storm (pg_stat_database). By default a second restart brings the server back
// with REALTIME_BATCHED_HANDSHAKES=false (one session query per handshake, the former path) so both
// figures come from the same run, the same clients and the same load.
// Needs PostgreSQL and Redis: BENCH_DATABASE_URL and BENCH_REDIS_URL, as bench:push.
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Database } from '@signalroom/shared-node';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { baseDbUrl, log } from './bench-common.js';
import {
  type Fleet,
  freePort,
  newBenchRun,
  seedMembers,
  sleep,
  startFleet,
  startServerProcess,
  withDatabase,
} from './bench-server.js';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    fleets: { type: 'string', default: '2' },
    'no-compare': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const members = Math.max(1, Number(flags.members));
const fleetCount = Math.max(1, Math.min(members, Number(flags.fleets)));
const run = newBenchRun();

const startStormFleet = () => startFleet(new URL('./storm-fleet.ts', import.meta.url));

/** Samples the server's database connections every 100 ms until stopped; returns the most seen. */
function sampleConnections(): { stop(): Promise<number> } {
  let max = 0;
  let running = true;
  const done = withDatabase(baseDbUrl, async (client) => {
    while (running) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where application_name = $1',
        [run.appName],
      );
      max = Math.max(max, Number(rows[0]?.n ?? 0));
      await sleep(100);
    }
  });
  return {
    async stop() {
      running = false;
      await done;
      return max;
    },
  };
}

async function committed(): Promise<number> {
  return withDatabase(baseDbUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = $1',
      [run.dbName],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

interface StormResult {
  label: string;
  fromListen: number;
  fromStop: number;
  refused: number;
  unreachable: number;
  maxConnections: number;
  transactions: number;
}

async function main(): Promise<void> {
  log(`bench:storm members=${members} fleets=${fleetCount} (log: ${run.serverLogPath})`);
  await withDatabase(baseDbUrl, (c) => c.query(`create database ${run.dbName}`));
  const dbUrl = new URL(baseDbUrl);
  dbUrl.pathname = `/${run.dbName}`;
  const serverDbUrl = new URL(dbUrl);
  serverDbUrl.searchParams.set('application_name', run.appName);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const fleets: Fleet[] = [];
  try {
    server = await startServerProcess(run, serverDbUrl.toString(), port);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: dbUrl.toString(), max: 4 }) }),
    });
    const tokens = await seedMembers(run, db, members);
    await db.destroy();
    for (let i = 0; i < fleetCount; i += 1) fleets.push(await startStormFleet());
    fleets.forEach((fleet, i) => {
      fleet.child.send({ type: 'connect', url, tokens: tokens.filter((_, j) => j % fleetCount === i) });
    });
    await Promise.all(fleets.map((f) => f.next('ready')));
    log(`${members} sockets connected with their snapshot`);

    async function restart(label: string, env: Record<string, string>): Promise<StormResult> {
      const old = server as ChildProcess;
      const exited = new Promise((resolve) => old.once('exit', resolve));
      const stoppedAt = Date.now();
      old.kill('SIGTERM');
      await exited;
      // The statistics collector publishes counts with up to a second's delay.
      await sleep(1500);
      const xacts0 = await committed();
      const sampler = sampleConnections();
      server = await startServerProcess(run, serverDbUrl.toString(), port, env);
      const listeningAt = Date.now();
      log(
        `${label}: new server pid ${server.pid} listening ${((listeningAt - stoppedAt) / 1000).toFixed(1)} s after the stop`,
      );
      for (const fleet of fleets) fleet.child.send({ type: 'since', at: stoppedAt });
      const restored = await Promise.all(fleets.map((f) => f.next('restored')));
      const maxConnections = await sampler.stop();
      await sleep(1500);
      const transactions = (await committed()) - xacts0;
      const last = Math.max(...restored.map((r) => r.lastSnapshotAt));
      return {
        label,
        fromListen: (last - listeningAt) / 1000,
        fromStop: (last - stoppedAt) / 1000,
        refused: restored.reduce((s, r) => s + r.refused, 0),
        unreachable: restored.reduce((s, r) => s + r.unreachable, 0),
        maxConnections,
        transactions,
      };
    }

    const results = [await restart('batched handshakes', {})];
    if (!flags['no-compare']) {
      results.push(await restart('one query per handshake (former path)', { REALTIME_BATCHED_HANDSHAKES: 'false' }));
    }

    console.log('\n=== bench:storm results ===');
    console.log(`members ${members}, one server process, database pool 20`);
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    for (const r of results) {
      console.log(
        `${r.label}: every socket back with its snapshot ${r.fromListen.toFixed(1)} s after the new process ` +
          `listened (${r.fromStop.toFixed(1)} s after the stop); refused handshakes ${r.refused}; ` +
          `database connections at most ${r.maxConnections}; transactions ${r.transactions} ` +
          `(${(r.transactions / members).toFixed(3)} per member); reconnect attempts while down ${r.unreachable}`,
      );
    }
    const [batched, former] = results;
    if (batched && former) {
      console.log(
        `batched / former: time to restore ${(batched.fromListen / former.fromListen).toFixed(2)}x, ` +
          `transactions ${(batched.transactions / Math.max(1, former.transactions)).toFixed(3)}x`,
      );
    }
  } finally {
    await Promise.all(
      fleets.map(async (fleet) => {
        fleet.child.send({ type: 'stop' });
        await fleet.next('stopped');
      }),
    );
    server?.kill('SIGTERM');
    await sleep(500);
    await withDatabase(baseDbUrl, (c) => c.query(`drop database if exists ${run.dbName} with (force)`));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
