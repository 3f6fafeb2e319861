// npm run bench -- stats [--slots 105120] [--requests 300] [--resolutions 20]
//
// Statistics with a year of signals: a scratch PostgreSQL database gets --slots five-minute signals (a
// year is 105,120), all resolved but the last few, and a server (distributed shape, in this process)
// answers GET /api/signals/stats/performance. Prints, in one run:
//   - the GET's p50/p99 over --requests calls (goal p99 <= 20 ms);
//   - after each of --resolutions new resolutions, the time until the statistics include it (goal <= 50 ms);
//   - the peer: the former way, every resolved signal read in slot order and folded in the process;
//   - their ratios and the machine's load average.
// Needs BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and BENCH_REDIS_URL.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { computePerformanceStats, DEFAULT_PAYOUT_PERCENT, SIGNAL_ASSETS } from '@signalroom/shared';
import { loadPerformanceStats } from '@signalroom/shared-node';
import pg from 'pg';
import { parseConfig } from '../../server/src/config.js';
import { generateSecret, hashSecret } from '../../server/src/http/tokens.js';
import { insertSession } from '../../server/src/modules/users/sessions.repository.js';
import { startServer } from '../../server/src/server.js';
import { baseDbUrl, log, percentile, redisUrl } from './bench-common.js';

const { values: flags } = parseArgs({
  options: {
    slots: { type: 'string', default: '105120' },
    requests: { type: 'string', default: '300' },
    resolutions: { type: 'string', default: '20' },
  },
});
const slots = Number(flags.slots);
const requests = Number(flags.requests);
const resolutions = Number(flags.resolutions);
const suffix = randomBytes(5).toString('hex');
const dbName = `sr_bench_stats_${suffix}`;

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseDbUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** A year of slots in one statement (generate_series), resolved but the last --resolutions. */
async function seed(client: pg.Client): Promise<void> {
  const assets = SIGNAL_ASSETS.slice(0, 8);
  await client.query(
    `insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price, confidence,
       status, outcome, resolved_level, exit_price, window_ms, expires_at, analysis, source, strategy, created_at, resolved_at)
     select t, 'bench-' || i, 1, ($2::text[])[1 + i % $3], 'buy', case when i % 2 = 0 then 'CALL' else 'PUT' end, 1.1,
       55 + (i * 7) % 40,
       case when i > $1 - $4 then 'active' else 'closed' end,
       case when i > $1 - $4 then null when (i * 13) % 10 < 6 then 'profit' when (i * 13) % 10 < 9 then 'loss' else 'breakeven' end,
       case when i > $1 - $4 then null else (i * 5) % 4 end,
       case when i > $1 - $4 then null else 1.2 end,
       300000, t + interval '5 minutes', 'bench', 'simulated', 'bench', t,
       case when i > $1 - $4 then null else t + interval '5 minutes' end
     from generate_series(1, $1) as i, lateral (select timestamptz '2025-11-24T00:00:00Z' + (i * interval '5 minutes') as t) s`,
    [slots, assets, assets.length, resolutions],
  );
  await client.query('analyze signals');
}

async function main(): Promise<void> {
  log(`bench:stats slots=${slots} requests=${requests} resolutions=${resolutions}`);
  await admin(`create database ${dbName}`);
  const dbUrl = new URL(baseDbUrl);
  dbUrl.pathname = `/${dbName}`;
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_NAMESPACE: `srbench:${suffix}`,
    EMBEDDED_WORKER: 'false',
    RATE_LIMITS: 'false',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  });
  const server = await startServer(config);
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  try {
    await seed(client);
    const db = server.context.db;
    const member = await db
      .insertInto('users')
      .values({
        email: `stats-${suffix}@example.com`,
        full_name: 'Bench Member',
        phone: '+2348012345678',
        country: 'Nigeria',
        telegram: null,
        password_hash: 'bench-no-login',
        tier: 'gold',
        dashboard_unlocked: true,
        has_deposited: true,
        access_path: null,
        admission_code: `SRS-${suffix}`,
        email_verified_at: new Date(),
        trial_ends_at: null,
        broker_account_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = generateSecret();
    await insertSession(db, member.id, hashSecret(token), new Date(Date.now() + 86_400_000));
    log(`seeded ${slots} slots; measuring`);

    const get = async () => {
      const t0 = performance.now();
      const response = await fetch(`${server.url}/api/signals/stats/performance`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET answered ${response.status}`);
      return performance.now() - t0;
    };
    await get();
    const gets: number[] = [];
    for (let i = 0; i < requests; i += 1) gets.push(await get());

    // After a resolution: the first read that includes it (the marker moved, the database recomputes).
    const pending = await client.query<{ slot_start: Date }>(
      `select slot_start from signals where outcome is null order by slot_start limit $1`,
      [resolutions],
    );
    const afterResolution: number[] = [];
    for (const row of pending.rows) {
      await client.query(
        `update signals set status = 'closed', outcome = 'loss', resolved_level = 0, exit_price = 1, resolved_at = now()
         where slot_start = $1`,
        [row.slot_start],
      );
      const t0 = performance.now();
      const stats = await loadPerformanceStats(db, DEFAULT_PAYOUT_PERCENT);
      afterResolution.push(performance.now() - t0);
      if (stats.totalSignals < slots - resolutions + afterResolution.length) throw new Error('stale statistics');
    }

    // The peer: every resolved signal read in slot order and folded here (what the product did before).
    const peer: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const t0 = performance.now();
      const { rows } = await client.query(
        `select asset, direction, confidence, outcome, resolved_level, active_level from signals where outcome is not null order by slot_start`,
      );
      computePerformanceStats(
        rows.map((r) => ({
          asset: r.asset,
          direction: r.direction,
          confidence: r.confidence,
          outcome: r.outcome,
          resolvedLevel: r.resolved_level,
          activeLevel: r.active_level,
        })),
        DEFAULT_PAYOUT_PERCENT,
      );
      peer.push(performance.now() - t0);
    }

    const getP99 = percentile(gets, 99);
    const resolvedP99 = percentile(afterResolution, 99);
    const peerMedian = percentile(peer, 50);
    console.log('\n=== bench:stats results ===');
    console.log(
      `signals ${slots} (${slots - resolutions} resolved at the start), PostgreSQL, one server in this process`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    console.log(
      `GET /api/signals/stats/performance: p50 ${ms(percentile(gets, 50))} p99 ${ms(getP99)} ` +
        `(goal p99 <= 20 ms: ${getP99 <= 20 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `statistics after a resolution: p50 ${ms(percentile(afterResolution, 50))} p99 ${ms(resolvedP99)} ` +
        `(goal <= 50 ms: ${resolvedP99 <= 50 ? 'met' : 'NOT met'})`,
    );
    console.log(`peer (every resolved signal read and folded in the process): median ${ms(peerMedian)}`);
    console.log(
      `ratios: after a resolution / peer ${(percentile(afterResolution, 50) / peerMedian).toFixed(3)}, ` +
        `GET p99 / peer ${(getP99 / peerMedian).toFixed(3)}`,
    );
  } finally {
    await client.end();
    await server.close();
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
