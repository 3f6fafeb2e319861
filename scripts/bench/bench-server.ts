// What the push and storm benches share: a scratch identity per run, a free port, a one-shot database
// client, the server as a child process, members with live sessions seeded directly in the database, and
// the client processes (fleets) that hold the members' sockets.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '@signalroom/shared-node';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { redisUrl } from './bench-common.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const nodeArgs = ['--conditions=@signalroom/source', '--import', 'tsx'];

/** Names of one bench run: its scratch database, Redis namespace, server log and database application name. */
export interface BenchRun {
  suffix: string;
  dbName: string;
  namespace: string;
  appName: string;
  serverLogPath: string;
}

export function newBenchRun(): BenchRun {
  const suffix = randomBytes(5).toString('hex');
  return {
    suffix,
    dbName: `sr_bench_${suffix}`,
    namespace: `srbench:${suffix}`,
    appName: `signalroom-bench-${suffix}`,
    serverLogPath: join(tmpdir(), `signalroom-bench-${suffix}.log`),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function withDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Starts `server/src/main.ts` on this port and waits until it answers its liveness check. */
export async function startServerProcess(
  run: BenchRun,
  dbUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  // Server logs (warnings and errors only) go to a file, so the bench's own output stays readable.
  const logFile = openSync(run.serverLogPath, 'a');
  // BENCH_SERVER_NODE_ARGS adds flags to the server process (e.g. --cpu-prof to see where its time goes).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The heap probe answers the bench's heap readings over the IPC channel (heapAfterGc below).
  const heapProbe = ['--expose-gc', '--import', './scripts/bench/heap-probe.mjs'];
  const child = spawn(process.execPath, [...extra, ...heapProbe, ...nodeArgs, 'server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', logFile, logFile, 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      REDIS_NAMESPACE: run.namespace,
      EMBEDDED_WORKER: 'false',
      RATE_LIMITS: 'false',
      DB_POOL_MAX: '20',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Production needs SMTP to start; the bench creates members in the database and sends no mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ...env,
    },
  });
  const deadline = Date.now() + 60_000;
  // Why the last probe failed (not listening yet, as a rule), for the message if it never answers.
  let lastFailure: unknown = 'no answer';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // Liveness: the bench starts its own publisher, no worker, so readiness would say degraded.
      const response = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      if (response.ok) return child;
      lastFailure = `status ${response.status}`;
    } catch (error) {
      lastFailure = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`server did not become healthy within 60 s (last: ${String(lastFailure)})`);
    }
    await sleep(250);
  }
}

/** Heap in use by a server process of startServerProcess after full collections (bytes). */
export function heapAfterGc(server: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not answer the heap probe in 30 s')), 30_000);
    const onMessage = (message: { type?: string; heapUsed?: number }) => {
      if (message?.type !== 'heap') return;
      clearTimeout(timer);
      server.off('message', onMessage);
      resolve(Number(message.heapUsed));
    };
    server.on('message', onMessage);
    server.send({ type: 'heap' });
  });
}

/**
 * Inserts N unlocked members (silver, pro, gold in turn) with live sessions; returns their tokens. Their
 * 'signals' notification is off: every signal would otherwise also be mailed to each of them (a fan-out
 * `npm run bench -- delivery` measures), and these benches measure the sockets.
 */
export async function seedMembers(run: BenchRun, db: Kysely<Database>, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const tiers = ['silver', 'pro', 'gold'] as const;
  const now = new Date();
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    const rows = await db
      .insertInto('users')
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `bench-${run.suffix}-${start + i}@example.com`,
          full_name: `Bench Member ${start + i}`,
          phone: '+2348012345678',
          country: 'Nigeria',
          telegram: null,
          // Never used to log in: the bench holds session tokens directly.
          password_hash: 'bench-no-login',
          tier: tiers[(start + i) % 3],
          dashboard_unlocked: true,
          has_deposited: true,
          access_path: null,
          admission_code: `SRB-${run.suffix}-${start + i}`,
          email_verified_at: now,
          trial_ends_at: null,
          broker_account_id: null,
        })),
      )
      .returning('id')
      .execute();
    const batch = rows.map((row) => ({ userId: row.id, token: randomBytes(32).toString('base64url') }));
    await db
      .insertInto('sessions')
      .values(
        batch.map((b) => ({
          user_id: b.userId,
          token_hash: createHash('sha256').update(b.token).digest('hex'),
          expires_at: new Date(now.getTime() + 86_400_000),
        })),
      )
      .execute();
    await db
      .insertInto('notification_settings')
      .values(batch.map((b) => ({ user_id: b.userId, signals: false, trades: true, marketing: false, security: true })))
      .execute();
    tokens.push(...batch.map((b) => b.token));
  }
  return tokens;
}

/** One API key per member of a session token (the plain stream's clients authenticate with keys). */
export async function seedApiKeys(db: Kysely<Database>, tokens: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (let start = 0; start < tokens.length; start += 1000) {
    const hashes = tokens.slice(start, start + 1000).map((t) => createHash('sha256').update(t).digest('hex'));
    const sessions = await db
      .selectFrom('sessions')
      .select(['user_id', 'token_hash'])
      .where('token_hash', 'in', hashes)
      .execute();
    const batch = sessions.map((s) => ({ userId: s.user_id, key: `sr_${randomBytes(32).toString('base64url')}` }));
    await db
      .insertInto('api_keys')
      .values(
        batch.map((b) => ({
          user_id: b.userId,
          name: 'bench',
          prefix: b.key.slice(0, 11),
          secret_hash: createHash('sha256').update(b.key).digest('hex'),
        })),
      )
      .execute();
    keys.push(...batch.map((b) => b.key));
  }
  return keys;
}

/** A client process of a bench (push-fleet.ts, storm-fleet.ts): messages in over IPC, awaited by type. */
export interface Fleet {
  child: ChildProcess;
  /** The next message of this type from the fleet (one that came earlier is kept for it). */
  next(type: string): Promise<any>;
}

/** Forks a fleet script and waits until it says it started. */
export async function startFleet(script: URL): Promise<Fleet> {
  const child = fork(fileURLToPath(script), [], {
    cwd: root,
    execArgv: nodeArgs,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: any[] = [];
  const waiting: { type: string; resolve: (m: any) => void }[] = [];
  child.on('message', (message: any) => {
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message);
    else inbox.push(message);
  });
  const next = (type: string) =>
    new Promise<any>((resolve) => {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) resolve(inbox.splice(index, 1)[0]);
      else waiting.push({ type, resolve });
    });
  await next('started');
  return { child, next };
}
