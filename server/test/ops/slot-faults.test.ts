import { setTimeout as sleep } from 'node:timers/promises';
import type { TSlotsPage } from '@signalroom/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spawned } from '../helpers/processes.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type PrivateRedis, startPrivateRedis } from '../realtime/private-redis.js';
import { killIfRunning, spawnStandaloneWorker } from './standalone-worker.js';

// Slots long enough for a worker to restart inside the issue deadline (half the interval here: 6 s).
const INTERVAL = 12_000;

/**
 * A fault at a slot boundary must not silently cost the slot. The real standalone worker on a private
 * Redis, with its periodic scheduler check a minute away (so only the slot guard can save the slot):
 * Redis flushed just before a boundary, paused over one, and the worker killed 300 ms after one and
 * started again. Each time the slot ends issued exactly once (or, were it impossible, recorded missed),
 * never undecided and never twice.
 */
describe.skipIf(testShape !== 'distributed')('a fault at a slot boundary', () => {
  let redis: PrivateRedis;
  let server: TestServer;
  let worker: Spawned | null = null;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    server = await startTestServer({ REDIS_URL: redis.url, SIGNAL_INTERVAL_MS: String(INTERVAL) });
  });
  afterAll(async () => {
    await killWorker();
    await server?.close();
    await redis?.stop();
  });

  const startWorker = () => spawnStandaloneWorker(server, redis, { intervalMs: INTERVAL, schedulerCheckMs: 60_000 });
  const killWorker = () => killIfRunning(worker);
  const redisCommand = async (...args: [string, ...(string | number)[]]) => {
    const admin = new Redis(redis.url);
    try {
      await admin.call(...args);
    } finally {
      admin.disconnect();
    }
  };
  /** The next boundary at least `leadMs` away. */
  const nextBoundary = (leadMs: number) => (Math.floor((Date.now() + leadMs) / INTERVAL) + 1) * INTERVAL;
  const untilMs = (at: number) => sleep(Math.max(0, at - Date.now()));
  const modelSignalsAt = async (slot: number) =>
    (
      await server.context.db
        .selectFrom('signals')
        .select('id')
        .where('slot_start', '=', new Date(slot))
        .where('author_id', 'is', null)
        .execute()
    ).length;
  /** Waits for the slot to be decided, then answers its state and how many signals it has. */
  const settled = async (slot: number) => {
    const state = await pollUntil(
      async () => {
        const page = await server.api<TSlotsPage>(
          'GET',
          `/api/slots?from=${new Date(slot).toISOString()}&to=${new Date(slot + 1).toISOString()}`,
        );
        const item = page.body.data?.items[0];
        return item && item.state !== 'undecided' ? item.state : undefined;
      },
      { timeoutMs: 3 * INTERVAL, message: `slot ${new Date(slot).toISOString()} stayed undecided` },
    );
    return { state, signals: await modelSignalsAt(slot) };
  };
  /** A slot issued by the worker: the ledger has started, as in any running deployment. */
  const runningWorker = async () => {
    // A test that failed before stopping its worker leaves it running: never two at once.
    await killWorker();
    const since = new Date(Date.now() - INTERVAL);
    worker = startWorker();
    await pollUntil(
      async () =>
        (await server.context.db
          .selectFrom('signals')
          .select('id')
          .where('slot_start', '>=', since)
          .where('author_id', 'is', null)
          .executeTakeFirst()) !== undefined,
      { timeoutMs: 4 * INTERVAL, message: `the worker issued no slot:\n${worker.output()}` },
    );
  };

  it('Redis flushed a second before a boundary: the slot guard issues the slot its lost job would have', async () => {
    await runningWorker();
    const boundary = nextBoundary(3000);
    await untilMs(boundary - 1000);
    await redisCommand('FLUSHALL');
    expect(await settled(boundary)).toEqual({ state: 'issued', signals: 1 });
    await killWorker();
  }, 120_000);

  it('Redis paused for 6 s over a boundary: the slot is issued once, and the late job finds it settled', async () => {
    await runningWorker();
    const boundary = nextBoundary(3000);
    await untilMs(boundary - 1000);
    await redisCommand('CLIENT', 'PAUSE', 6000, 'ALL');
    expect(await settled(boundary)).toEqual({ state: 'issued', signals: 1 });
    // The job delayed by the pause runs after it and must not issue the slot again.
    await untilMs(boundary + INTERVAL + 2000);
    expect(await modelSignalsAt(boundary)).toBe(1);
    await killWorker();
  }, 120_000);

  it('the worker killed 300 ms after a boundary and started again: the slot is issued once', async () => {
    await runningWorker();
    const boundary = nextBoundary(3000);
    await untilMs(boundary + 300);
    await killWorker();
    worker = startWorker();
    // Started again inside the deadline, the slot is issued: by its job if it finished before the kill,
    // else by the guard as the worker starts.
    expect(await settled(boundary)).toEqual({ state: 'issued', signals: 1 });
    // The stalled job of the killed worker is taken again later: still one signal.
    await untilMs(boundary + 2 * INTERVAL);
    expect(await modelSignalsAt(boundary)).toBe(1);
  }, 120_000);
});
