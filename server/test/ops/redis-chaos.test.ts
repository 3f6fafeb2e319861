import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spawned } from '../helpers/processes.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type PrivateRedis, startPrivateRedis } from '../realtime/private-redis.js';
import { killIfRunning, spawnStandaloneWorker } from './standalone-worker.js';

// Short slots so a test sees several; long enough that a loaded machine does not skip one as late.
const INTERVAL = 2000;

type Health = { status: string; problems: string[]; redis: string };

/**
 * The real standalone worker (worker/src/main.ts) on a private Redis that dies and comes back EMPTY
 * (no persistence), or loses its keys while connected (FLUSHALL): the worker re-creates its job
 * scheduler (on reconnect; periodically), signals resume, and /api/health says degraded meanwhile.
 * Before, the scheduler was made only at worker start: signals stopped for good and health said ok.
 */
describe.skipIf(testShape !== 'distributed')('Redis loses its data under the real worker', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let worker: Spawned | null = null;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    server = await startTestServer({ REDIS_URL: redis.url, SIGNAL_INTERVAL_MS: String(INTERVAL) });
  });
  afterAll(async () => {
    await killIfRunning(worker);
    await server?.close();
    await redis?.stop();
  });

  const startWorker = (schedulerCheckMs: number) =>
    spawnStandaloneWorker(server, redis, { intervalMs: INTERVAL, schedulerCheckMs });
  const health = () => server.api<Health>('GET', '/api/health');
  const latestSlot = async () => {
    const row = await server.context.db
      .selectFrom('signals')
      .select('slot_start')
      .orderBy('slot_start', 'desc')
      .executeTakeFirst();
    return row ? new Date(row.slot_start).getTime() : 0;
  };
  const signalAfter = (at: number, timeoutMs = 20_000) =>
    pollUntil(
      async () => {
        const slot = await latestSlot();
        return slot > at ? slot : undefined;
      },
      { timeoutMs, message: `no signal after ${new Date(at).toISOString()}` },
    );
  /** The n-th slot boundary after `at`. */
  const boundaryAfter = (at: number, n: number) => (Math.floor(at / INTERVAL) + n) * INTERVAL;
  const stopWorker = async (spawned: Spawned) => {
    spawned.child.kill('SIGTERM');
    const code = await spawned.waitForExit(15_000);
    expect(code, spawned.output()).toBe(0);
  };

  it('restarted empty: health degraded while down, signals back within two slots, health ok again', async () => {
    // Only the reconnect path can recover here: the periodic check is a minute away.
    worker = startWorker(60_000);
    await signalAfter(0, 30_000);
    expect((await health()).status).toBe(200);

    await redis.stop();
    const down = await pollUntil(
      async () => {
        const answer = await health();
        return answer.status === 503 ? answer : undefined;
      },
      { timeoutMs: 10_000, message: 'health never reported the Redis outage' },
    );
    expect(down.body.data).toMatchObject({ status: 'degraded', redis: 'down' });

    await redis.start();
    const restartedAt = Date.now();
    const resumed = await signalAfter(restartedAt);
    expect(resumed).toBeLessThanOrEqual(boundaryAfter(restartedAt, 2));
    const ok = await pollUntil(
      async () => {
        const answer = await health();
        return answer.status === 200 ? answer : undefined;
      },
      { timeoutMs: 10_000, message: 'health never recovered' },
    );
    expect(ok.body.data?.problems).toEqual([]);

    // SIGTERM drains the worker: running jobs finish, exit 0 well within its 10 s.
    await stopWorker(worker);
  }, 90_000);

  it('flushed while connected: health degraded (no scheduler), the periodic check re-creates it', async () => {
    worker = startWorker(2500);
    const first = await signalAfter(await latestSlot(), 30_000);
    expect(first).toBeGreaterThan(0);

    const admin = new Redis(redis.url);
    try {
      await admin.flushall();
    } finally {
      admin.disconnect();
    }
    const flushedAt = Date.now();
    const degraded = await pollUntil(
      async () => {
        const answer = await health();
        return answer.body.data?.problems.includes('no signal job scheduler: is a worker running?')
          ? answer
          : undefined;
      },
      { timeoutMs: 5000, message: 'health never reported the missing scheduler' },
    );
    expect(degraded.status).toBe(503);

    await signalAfter(flushedAt);
    // The slot guard may issue a slot before the periodic check re-creates the scheduler: health turns
    // ok once that check has run.
    await pollUntil(async () => ((await health()).status === 200 ? true : undefined), {
      timeoutMs: 10_000,
      message: 'health never recovered after the flush',
    });
    await stopWorker(worker);
  }, 90_000);
});
