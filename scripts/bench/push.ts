// npm run bench:push -- [--members 2000] [--seconds 40] [--fleets 2] [--mode both|push|poll|compare|stream] [--no-ticks]
//                        [--cadence bench|real] [--processes 1]
//
// Server cost of live signals by push versus by polling, against ONE server process (a child process,
// so its CPU is read from /proc/<pid>/stat). N simulated members (default 2,000; up to the open-file
// limit of one process, checked at start):
//   (a) push: each holds a socket.io connection and receives what the worker publishes;
//   (b) poll: each calls GET /api/signals every 2 s (the web app's fallback).
// In both modes the bench plays the worker on the real bus (Redis): it writes a signal row and
// publishes `signal:new` every --signal-every ms (default 2,000, far denser than the real 5 minutes, so
// push is not flattered) and a countdown tick every second. `--mode compare` runs push, then the floor
// in the same run: a bare `ws` server (bare-ws-server.ts) relaying the same bus events to the same number
// of plain WebSocket clients from the same client processes, and prints both with their ratios.
// `--mode stream` runs the plain WebSocket stream (GET /api/stream, one API key per member), then the
// same floor, and prints both with their ratios: the stream has no engine.io layer, so it can reach it.
// `--cadence real` plays the product's own
// cadence instead: a signal every 5 minutes and a countdown sync point every TIMING.countdownSyncMs (the
// worker's), and prints server CPU per minute per 1,000 connected members. Prints server CPU seconds per minute for
// each mode, their ratio, and push delivery latency p50/p95/p99 (publish → client receive). Push also
// prints the server's heap per connected member: members connect in two halves, and the heap after full
// collections (scripts/bench/heap-probe.mjs) with all connected, less the heap with half, over the second
// half (what one more member costs); beside it the heap less the heap with no socket, over all (one-off
// costs of the first sockets included), and how much the heap grew during the measured traffic.
// `--processes N` (push and compare) splits the members over N server processes on the same database
// and Redis, as a deployment behind a load balancer: CPU and heap are summed over them, the floor is
// one bare ws process with one process's share, and every run counts exactly-once delivery (each signal
// published after all sockets connected reached every socket, none twice).
// Needs PostgreSQL and Redis: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, a
// scratch database is created beside it and dropped) and BENCH_REDIS_URL (default redis://127.0.0.1:6379).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { countdownAt, SIGNAL_ASSETS, TIMING, type TSignal } from '@signalroom/shared';
import { createRedisBus, type Database } from '@signalroom/shared-node';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { baseDbUrl, log, percentile, redisUrl } from './bench-common.js';
import {
  type Fleet,
  freePort,
  heapAfterGc,
  newBenchRun,
  nodeArgs,
  root,
  seedApiKeys,
  seedMembers,
  sleep,
  startFleet,
  startServerProcess,
  withDatabase,
} from './bench-server.js';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '6' },
    fleets: { type: 'string', default: '2' },
    mode: { type: 'string', default: 'both' },
    'signal-every': { type: 'string', default: '2000' },
    'no-ticks': { type: 'boolean', default: false },
    cadence: { type: 'string', default: 'bench' },
    processes: { type: 'string', default: '1' },
  },
  allowPositionals: true,
});
/** The soft limit of open files of this process (what its children inherit): /proc/self/limits. */
function openFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) ? soft : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
// One server process holds a socket per member, plus its database, Redis and listening handles.
const FILES_BESIDES_SOCKETS = 300;
const fileLimit = openFileLimit();
const members = Math.max(1, Number(flags.members));
// --processes N: N server processes on the same database and Redis (the real bus and socket adapter),
// each holding an equal share of the members' sockets, as a deployment behind a load balancer would.
const processCount = Math.max(1, Number(flags.processes));
const perProcess = Math.ceil(members / processCount);
if (perProcess + FILES_BESIDES_SOCKETS > fileLimit) {
  console.error(
    `bench:push: ${perProcess} members need about ${perProcess + FILES_BESIDES_SOCKETS} open files in one server process, ` +
      `and this machine allows ${fileLimit} per process (ulimit -n). Use at most ${fileLimit - FILES_BESIDES_SOCKETS} ` +
      'members per process, raise the limit (ulimit -n), or split the members over more server processes (--processes).',
  );
  process.exit(2);
}
const seconds = Number(flags.seconds);
const warmupMs = Number(flags.warmup) * 1000;
// At least one client process per server process: each fleet talks to one server.
const fleetCount = Math.max(1, Number(flags.fleets), processCount);
const realCadence = flags.cadence === 'real';
const signalEveryMs = realCadence ? TIMING.signalIntervalMs : Number(flags['signal-every']);
const tickEveryMs = realCadence ? TIMING.countdownSyncMs : 1000;
const mode = flags.mode as 'both' | 'push' | 'poll' | 'compare' | 'stream';
const POLL_PERIOD_MS = 2000;
const CLK_TCK = 100;

const run = newBenchRun();
const { suffix, dbName, namespace, serverLogPath } = run;
const SERVER_APP_NAME = run.appName;

/** utime + stime of a process in seconds. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** Plays the worker: writes a signal row, then publishes it; and a countdown tick every second. */
function startWorkerStandIn(db: Kysely<Database>) {
  const bus = createRedisBus(redisUrl, { namespace });
  let daySequence = 0;
  let slot = Math.floor(Date.now() / 300_000) * 300_000 - 1000 * 300_000;
  let published = 0;
  const deadline = new Date(Date.now() + 8 * 3_600_000);
  async function issue(): Promise<void> {
    daySequence += 1;
    slot += 300_000;
    const created = new Date();
    const asset = SIGNAL_ASSETS[daySequence % SIGNAL_ASSETS.length] as string;
    const row = await db
      .insertInto('signals')
      .values({
        slot_start: new Date(slot),
        day_key: `bench-${suffix}`,
        day_sequence: daySequence,
        asset,
        signal_type: 'buy',
        direction: 'CALL',
        entry_price: 1.08,
        confidence: 70,
        outcome: null,
        resolved_level: null,
        exit_price: null,
        window_ms: 300_000,
        expires_at: new Date(created.getTime() + 300_000),
        stop_loss: null,
        take_profit: null,
        analysis: 'bench',
        source: 'simulated',
        strategy: 'bench',
        created_at: created,
        updated_at: null,
        resolved_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // createdAt is the publish moment: clients measure delivery latency from it.
    const signal: TSignal = {
      id: row.id,
      asset,
      signalType: 'buy',
      direction: 'CALL',
      entryPrice: 1.08,
      confidence: 70,
      status: 'active',
      outcome: null,
      createdAt: new Date().toISOString(),
      updatedAt: null,
      expiresAt: new Date(created.getTime() + 300_000).toISOString(),
      stopLoss: null,
      takeProfit: null,
      analysis: 'bench',
      resolvedLevel: null,
      exitPrice: null,
      daySequence,
      source: 'simulated',
      locked: false,
    };
    await bus.publish({ type: 'signal:new', signal });
    published += 1;
  }
  const signalTimer = setInterval(() => void issue().catch((e) => log(`publish failed: ${e}`)), signalEveryMs);
  const tickTimer = flags['no-ticks']
    ? null
    : setInterval(
        () => void bus.publish({ type: 'countdown:tick', countdown: countdownAt(deadline, new Date()) }),
        tickEveryMs,
      );
  return {
    seed: async (n: number) => {
      for (let i = 0; i < n; i += 1) await issue();
    },
    published: () => published,
    async stop() {
      clearInterval(signalTimer);
      if (tickTimer) clearInterval(tickTimer);
      await bus.close();
    },
  };
}

async function startFleets(count: number): Promise<Fleet[]> {
  const fleets: Fleet[] = [];
  for (let i = 0; i < count; i += 1) fleets.push(await startFleet(new URL('./push-fleet.ts', import.meta.url)));
  return fleets;
}

async function stopFleets(fleets: Fleet[]): Promise<void> {
  await Promise.all(
    fleets.map(async (fleet) => {
      fleet.child.send({ type: 'stop' });
      await fleet.next('stopped');
    }),
  );
}

const split = (tokens: string[], parts: number) =>
  Array.from({ length: parts }, (_, i) => tokens.filter((_, j) => j % parts === i));

interface ModeResult {
  cpuPerMinute: number;
  dbCpuPerMinute: number;
  detail: string;
  /** Polling only: server CPU s/min it would take to answer every member every 2 s. */
  fullRatePerMinute?: number;
  /** Push and the floor: delivery latency percentiles (ms). */
  p50?: number;
  p99?: number;
  /** Push only: the server's heap after full collections (bytes). */
  heap?: {
    /** What a member adds: the heap at N sockets less the heap at N/2, over the second half. */
    perMember: number;
    /** The heap at N sockets less the heap at none, over N: the one-off costs of the first sockets too. */
    averageWithOneOff: number;
    /** How the heap changed over the measured traffic with every socket connected. */
    trafficGrowth: number;
  };
}

/** CPU seconds of the PostgreSQL backends serving the server process (by application_name). */
async function databaseCpu(): Promise<Map<number, number>> {
  const pids = await withDatabase(baseDbUrl, (c) =>
    c.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [SERVER_APP_NAME]),
  );
  const cpu = new Map<number, number>();
  for (const { pid } of pids.rows) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // PostgreSQL on another host: only the server's own CPU is reported.
    }
  }
  return cpu;
}

function databaseCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, value] of after) total += value - (before.get(pid) ?? 0);
  return total;
}

async function measure(serverPids: number[], fleets: Fleet[]) {
  const serverCpu = () => serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  await sleep(warmupMs);
  for (const fleet of fleets) fleet.child.send({ type: 'collect' });
  await Promise.all(fleets.map((f) => f.next('collected')));
  const db0 = await databaseCpu();
  const fleetCpu = () => fleets.reduce((sum, f) => sum + cpuSeconds(f.child.pid as number), 0);
  const fleet0 = fleetCpu();
  const cpu0 = serverCpu();
  const t0 = Date.now();
  await sleep(seconds * 1000);
  const cpu1 = serverCpu();
  const elapsed = (Date.now() - t0) / 1000;
  const fleetShare = (fleetCpu() - fleet0) / elapsed;
  log(`simulated members' processes used ${(fleetShare * 100).toFixed(0)}% of a core (of ${cpus().length})`);
  const db1 = await databaseCpu();
  for (const fleet of fleets) fleet.child.send({ type: 'collect' });
  const collected = await Promise.all(fleets.map((f) => f.next('collected')));
  return {
    cpuPerMinute: ((cpu1 - cpu0) / elapsed) * 60,
    dbCpuPerMinute: (databaseCpuDelta(db0, db1) / elapsed) * 60,
    elapsed,
    collected,
  };
}

/** Mean of a Prometheus histogram series of the server (sum / count), in ms. */
async function serverMeanMs(url: string, name: string, type: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (suffix: string) =>
    Number(new RegExp(`^${name}_${suffix}\\{type="${type}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return (read('sum') / read('count')) * 1000;
}

interface BenchServer {
  url: string;
  child: ChildProcess;
}

/** Heap of every server process after full collections, summed. */
async function serversHeap(servers: BenchServer[]): Promise<number> {
  let total = 0;
  for (const server of servers) total += await heapAfterGc(server.child);
  return total;
}

/**
 * Exactly once, counted: every signal published after all sockets connected (and at least 3 s before
 * the count) must have reached every socket once. Fleets count per signal the sockets that got it, and
 * every second receipt on one socket.
 */
function exactlyOnce(collected: any[], connected: number, readyAt: number, countedAt: number): string {
  const sockets = new Map<string, { createdAt: string; sockets: number }>();
  for (const fleet of collected) {
    for (const [id, entry] of Object.entries(
      fleet.receipts as Record<string, { createdAt: string; sockets: number }>,
    )) {
      const sum = sockets.get(id) ?? { createdAt: entry.createdAt, sockets: 0 };
      sum.sockets += entry.sockets;
      sockets.set(id, sum);
    }
  }
  const counted = [...sockets.values()].filter((s) => {
    const at = Date.parse(s.createdAt);
    return at > readyAt && at < countedAt - 3000;
  });
  const missing = counted.reduce((sum, s) => sum + (connected - s.sockets), 0);
  const duplicates = collected.reduce((sum, fleet) => sum + fleet.duplicates, 0);
  if (counted.length === 0) return `exactly once: no signal published in the window (${duplicates} duplicates)`;
  return (
    `exactly once: ${counted.length} signals × ${connected} members, ${missing} missing, ${duplicates} duplicates ` +
    `(${missing === 0 && duplicates === 0 ? 'met' : 'NOT met'})`
  );
}

async function runPush(servers: BenchServer[], tokens: string[]): Promise<ModeResult> {
  const heapBefore = await serversHeap(servers);
  log(
    `push: server heap ${(heapBefore / 1e6).toFixed(1)} MB with no socket; connecting ${tokens.length} sockets ` +
      `over ${fleetCount} client processes to ${servers.length} server process(es), in two halves`,
  );
  const fleets = await startFleets(fleetCount);
  // Two halves, the heap read after each: what the second half added is the cost of a member, without
  // what is paid once (code compiled on the first connection, caches, modules loaded on first use).
  const connectHalf = async (half: 0 | 1) => {
    for (const [i, part] of split(tokens, fleetCount).entries()) {
      const middle = Math.ceil(part.length / 2);
      const share = half === 0 ? part.slice(0, middle) : part.slice(middle);
      fleets[i]?.child.send({ type: 'push', url: servers[i % servers.length]?.url, tokens: share });
    }
    const ready = await Promise.all(fleets.map((f) => f.next('ready')));
    return {
      connected: ready.reduce((s, r) => s + r.connected, 0),
      failed: ready.reduce((s, r) => s + r.failed, 0),
    };
  };
  const first = await connectHalf(0);
  const heapAtHalf = await serversHeap(servers);
  const second = await connectHalf(1);
  const heapAtAll = await serversHeap(servers);
  const readyAt = Date.now();
  const connected = first.connected + second.connected;
  const failed = first.failed + second.failed;
  log(`push: ${connected} connected, ${failed} failed; warming up, then measuring ${seconds} s`);
  const pids = servers.map((s) => s.child.pid as number);
  const { cpuPerMinute, dbCpuPerMinute, collected } = await measure(pids, fleets);
  const countedAt = Date.now();
  const heapAfterTraffic = await serversHeap(servers);
  await stopFleets(fleets);
  const latencies = collected.flatMap((c) => c.latencies as number[]).sort((a, b) => a - b);
  const received = collected.reduce((s, c) => s + c.received, 0);
  const means = async (name: string) => {
    const each = await Promise.all(servers.map((s) => serverMeanMs(s.url, name, 'signal:new')));
    return each.reduce((a, b) => a + b, 0) / each.length;
  };
  const emitMs = await means('signalroom_socket_emit_duration_seconds');
  const delayMs = await means('signalroom_bus_event_delay_seconds');
  const detail =
    `deliveries ${received} (${connected} sockets); latency ms p50 ${percentile(latencies, 50)} ` +
    `p95 ${percentile(latencies, 95)} p99 ${percentile(latencies, 99)} max ${latencies.at(-1)}; ` +
    `server: publish→emitted mean ${delayMs.toFixed(1)} ms, emit loop mean ${emitMs.toFixed(1)} ms; ` +
    exactlyOnce(collected, connected, readyAt, countedAt);
  return {
    cpuPerMinute,
    dbCpuPerMinute,
    detail,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    heap: {
      perMember: (heapAtAll - heapAtHalf) / Math.max(1, second.connected),
      averageWithOneOff: (heapAtAll - heapBefore) / Math.max(1, connected),
      trafficGrowth: heapAfterTraffic - heapAtAll,
    },
  };
}

/** The plain stream: one `ws` client per member with its API key, measured as push is. */
async function runStream(servers: BenchServer[], keys: string[]): Promise<ModeResult> {
  log(`stream: connecting ${keys.length} plain WebSockets to GET /api/stream over ${fleetCount} client processes`);
  const fleets = await startFleets(fleetCount);
  for (const [i, part] of split(keys, fleetCount).entries())
    fleets[i]?.child.send({ type: 'stream', url: servers[i % servers.length]?.url, keys: part });
  const ready = await Promise.all(fleets.map((f) => f.next('ready')));
  const readyAt = Date.now();
  const connected = ready.reduce((s, r) => s + r.connected, 0);
  log(`stream: ${connected} connected, ${ready.reduce((s, r) => s + r.failed, 0)} failed; measuring ${seconds} s`);
  const { cpuPerMinute, dbCpuPerMinute, collected } = await measure(
    servers.map((s) => s.child.pid as number),
    fleets,
  );
  const countedAt = Date.now();
  await stopFleets(fleets);
  const latencies = collected.flatMap((c) => c.latencies as number[]).sort((a, b) => a - b);
  const received = collected.reduce((s, c) => s + c.received, 0);
  const detail =
    `deliveries ${received} (${connected} streams); latency ms p50 ${percentile(latencies, 50)} ` +
    `p95 ${percentile(latencies, 95)} p99 ${percentile(latencies, 99)} max ${latencies.at(-1)}; ` +
    exactlyOnce(collected, connected, readyAt, countedAt);
  return { cpuPerMinute, dbCpuPerMinute, detail, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The floor: the bare `ws` server (its own child process) and as many plain WebSocket clients. */
async function runBare(count: number): Promise<ModeResult> {
  const bare = spawn(process.execPath, [...nodeArgs, fileURLToPath(new URL('./bare-ws-server.ts', import.meta.url))], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_REDIS_URL: redisUrl, BENCH_NAMESPACE: namespace },
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      bare.stdout?.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
      bare.once('exit', (code) => reject(new Error(`bare ws server exited with ${code}`)));
    });
    log(`floor: connecting ${count} plain WebSockets to a bare ws server (pid ${bare.pid})`);
    const fleets = await startFleets(fleetCount);
    const share = (i: number) => Math.floor(count / fleetCount) + (i < count % fleetCount ? 1 : 0);
    for (const [i, fleet] of fleets.entries())
      fleet.child.send({ type: 'bare', url: `ws://127.0.0.1:${port}`, count: share(i) });
    const ready = await Promise.all(fleets.map((f) => f.next('ready')));
    log(`floor: ${ready.reduce((s, r) => s + r.connected, 0)} connected; warming up, then measuring ${seconds} s`);
    const { cpuPerMinute, collected } = await measure([bare.pid as number], fleets);
    await stopFleets(fleets);
    const latencies = collected.flatMap((c) => c.latencies as number[]).sort((a, b) => a - b);
    const received = collected.reduce((s, c) => s + c.received, 0);
    const detail =
      `deliveries ${received}; latency ms p50 ${percentile(latencies, 50)} p95 ${percentile(latencies, 95)} ` +
      `p99 ${percentile(latencies, 99)} max ${latencies.at(-1)}`;
    return { cpuPerMinute, dbCpuPerMinute: 0, detail, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    bare.kill('SIGTERM');
  }
}

async function runPoll(url: string, serverPid: number, tokens: string[]): Promise<ModeResult> {
  log(`poll: ${tokens.length} members polling GET /api/signals every ${POLL_PERIOD_MS} ms`);
  const fleets = await startFleets(fleetCount);
  for (const [i, part] of split(tokens, fleetCount).entries()) {
    fleets[i]?.child.send({ type: 'poll', url, tokens: part, periodMs: POLL_PERIOD_MS });
  }
  await Promise.all(fleets.map((f) => f.next('ready')));
  log(`poll: warming up, then measuring ${seconds} s`);
  const { cpuPerMinute, dbCpuPerMinute, elapsed, collected } = await measure([serverPid], fleets);
  await stopFleets(fleets);
  const polls = collected.reduce((s, c) => s + c.polls, 0);
  const errors = collected.reduce((s, c) => s + c.pollErrors, 0);
  const times = collected.flatMap((c) => c.pollLatencies as number[]).sort((a, b) => a - b);
  const expected = Math.round((tokens.length * elapsed * 1000) / POLL_PERIOD_MS);
  // When the server cannot keep up, fewer polls complete than members send: the measured CPU is then a
  // floor. The cost per completed request, scaled to the full rate, shows what keeping up would take.
  const perRequestMs = polls > 0 ? ((cpuPerMinute / 60) * elapsed * 1000) / polls : Number.NaN;
  const fullRatePerMinute = ((perRequestMs / 1000) * (tokens.length * 60_000)) / POLL_PERIOD_MS;
  const detail =
    `requests answered ${polls} failed ${errors} (expected ~${expected}: ${((100 * polls) / expected).toFixed(1)}% answered); response ms p50 ${percentile(times, 50)} ` +
    `p99 ${percentile(times, 99)}; server CPU per completed request ${perRequestMs.toFixed(2)} ms ` +
    `(at the full rate: ${fullRatePerMinute.toFixed(1)} s/min)`;
  if (errors > 0) log(`poll: WARNING ${errors} requests failed (overloaded, or GET /api/signals not served)`);
  return { cpuPerMinute, dbCpuPerMinute, detail, fullRatePerMinute };
}

async function main(): Promise<void> {
  log(
    `bench:push members=${members} seconds=${seconds}/mode signal every ${signalEveryMs} ms, ` +
      `ticks ${flags['no-ticks'] ? 'none' : `every ${tickEveryMs} ms`}`,
  );
  await withDatabase(baseDbUrl, (c) => c.query(`create database ${dbName}`));
  const dbUrl = new URL(baseDbUrl);
  dbUrl.pathname = `/${dbName}`;
  const servers: BenchServer[] = [];
  let worker: ReturnType<typeof startWorkerStandIn> | null = null;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: dbUrl.toString(), max: 4 }) }),
  });
  try {
    const serverDbUrl = new URL(dbUrl);
    serverDbUrl.searchParams.set('application_name', SERVER_APP_NAME);
    for (let i = 0; i < processCount; i += 1) {
      const port = await freePort();
      const child = await startServerProcess(run, serverDbUrl.toString(), port);
      servers.push({ url: `http://127.0.0.1:${port}`, child });
      log(`server pid ${child.pid} at http://127.0.0.1:${port} (log: ${serverLogPath})`);
    }
    const [first] = servers as [BenchServer];
    const pid = first.child.pid as number;
    if (processCount > 1 && (mode === 'poll' || mode === 'both')) {
      throw new Error('--processes above 1 measures push or the stream, not polling');
    }
    const tokens = await seedMembers(run, db, members);
    worker = startWorkerStandIn(db);
    await worker.seed(10);
    const results: Record<string, ModeResult> = {};
    if (mode === 'stream') results.stream = await runStream(servers, await seedApiKeys(db, tokens));
    else if (mode !== 'poll') results.push = await runPush(servers, tokens);
    // With several processes, the floor is one process's share of the members (one bare ws process).
    if (mode === 'compare' || mode === 'stream') results.floor = await runBare(Math.ceil(tokens.length / processCount));
    if (mode === 'both' || mode === 'poll') results.poll = await runPoll(first.url, pid, tokens);

    console.log('\n=== bench:push results ===');
    console.log(
      processCount === 1
        ? `members ${members}, ${seconds} s measured per mode, one server process (pid ${pid})`
        : `members ${members} over ${processCount} server processes (CPU and heap summed over them); ` +
            `the floor: one bare ws process with ${Math.ceil(members / processCount)} clients`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    for (const [name, result] of Object.entries(results)) {
      console.log(
        `${name.padEnd(5)} server CPU ${result.cpuPerMinute.toFixed(2)} s/min (+ its PostgreSQL backends ` +
          `${result.dbCpuPerMinute.toFixed(2)} s/min)   ${result.detail}`,
      );
    }
    if (results.push && results.floor) {
      const ratio = (a: number | undefined, b: number | undefined) => (a ?? Number.NaN) / (b ?? Number.NaN);
      const against = (value: number, goal: number) =>
        `${value.toFixed(2)}x (goal <= ${goal}: ${value <= goal ? 'met' : 'NOT met'})`;
      const p50 = ratio(results.push.p50, results.floor.p50).toFixed(2);
      const p99 = ratio(results.push.p99, results.floor.p99);
      if (processCount === 1) {
        // At the real cadence the floor's CPU is small, and the goal allows a little more around it.
        const cpu = ratio(results.push.cpuPerMinute, results.floor.cpuPerMinute);
        console.log(
          `push / bare ws floor: server CPU ${against(cpu, realCadence ? 1.3 : 1.2)}, delivery p50 ${p50}x, ` +
            `p99 ${against(p99, 1.2)}`,
        );
      } else {
        // Each process serves one share, as the floor does: latency compares; CPU, summed over the
        // processes, does not (the floor is one process).
        const perProcessCpu = ratio(results.push.cpuPerMinute / processCount, results.floor.cpuPerMinute);
        console.log(
          `push over ${processCount} processes / bare ws floor with one share: server CPU per process ` +
            `${against(perProcessCpu, 1.3)}, delivery p50 ${p50}x, p99 ${against(p99, 1.3)}`,
        );
      }
    }
    if (results.stream && results.floor) {
      const ratio = (a: number | undefined, b: number | undefined) =>
        ((a ?? Number.NaN) / (b ?? Number.NaN)).toFixed(2);
      console.log(
        `stream / bare ws floor: server CPU ${ratio(results.stream.cpuPerMinute, results.floor.cpuPerMinute)}x ` +
          `(goal <= 1.1), delivery p50 ${ratio(results.stream.p50, results.floor.p50)}x, ` +
          `p99 ${ratio(results.stream.p99, results.floor.p99)}x (goal <= 1.1)`,
      );
    }
    if (results.push?.heap !== undefined) {
      const { perMember, averageWithOneOff, trafficGrowth } = results.push.heap;
      const kB = perMember / 1024;
      console.log(
        `server heap per connected member ${kB.toFixed(2)} kB (after full collections at ${members / 2} and at ` +
          `${members} sockets; goal <= 10: ${kB <= 10 ? 'met' : 'NOT met'}); ` +
          `${(averageWithOneOff / 1024).toFixed(2)} kB counting from no socket, one-off costs included; ` +
          `${(trafficGrowth / 1e6).toFixed(1)} MB more after the measured traffic`,
      );
    }
    if (results.push && realCadence) {
      const per1000 = results.push.cpuPerMinute / (members / 1000);
      console.log(
        `push at the real cadence: server CPU ${per1000.toFixed(3)} s/min per 1,000 connected members ` +
          `(goal <= 0.100: ${per1000 <= 0.1 ? 'met' : 'NOT met'})`,
      );
    }
    if (results.push && results.poll) {
      const ratio = results.push.cpuPerMinute / results.poll.cpuPerMinute;
      const withDb =
        (results.push.cpuPerMinute + results.push.dbCpuPerMinute) /
        (results.poll.cpuPerMinute + results.poll.dbCpuPerMinute);
      console.log(
        `ratio push/poll server CPU ${ratio.toFixed(3)} (target <= 0.200: ${ratio <= 0.2 ? 'met' : 'NOT met'}); ` +
          `including database CPU ${withDb.toFixed(3)}`,
      );
      const full = results.poll.fullRatePerMinute;
      if (full !== undefined && full > results.poll.cpuPerMinute * 1.1) {
        console.log(
          `polling did not keep up (measured CPU is a floor); against the full polling rate ` +
            `(${full.toFixed(1)} s/min) push/poll is ${(results.push.cpuPerMinute / full).toFixed(3)}`,
        );
      }
    }
  } finally {
    await worker?.stop();
    for (const { child } of servers) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await db.destroy();
    await withDatabase(baseDbUrl, (c) => c.query(`drop database if exists ${dbName} with (force)`));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
