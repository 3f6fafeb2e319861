import { randomBytes } from 'node:crypto';
import {
  createBullmqTaskQueue,
  createInProcessTaskQueue,
  createRedisConnections,
  type RedisConnections,
  silentLogger,
  type TaskQueue,
} from '@signalroom/shared-node';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNothingWithin, pollUntil } from '../helpers/wait-for.js';

const redisUrl = process.env.TEST_REDIS_URL;

interface Shape {
  name: string;
  available: boolean;
  create(): TaskQueue;
}

const opened: { queue: TaskQueue; redis?: RedisConnections }[] = [];
let namespace = '';

const shapes: Shape[] = [
  {
    name: 'in-process',
    available: true,
    create() {
      const queue = createInProcessTaskQueue({ logger: silentLogger });
      opened.push({ queue });
      return queue;
    },
  },
  {
    name: 'BullMQ',
    available: Boolean(redisUrl),
    create() {
      const redis = createRedisConnections(redisUrl as string, { namespace });
      const queue = createBullmqTaskQueue({ redis, logger: silentLogger });
      opened.push({ queue, redis });
      return queue;
    },
  },
];

afterEach(async () => {
  for (const { queue, redis } of opened.splice(0)) {
    await queue.close();
    await redis?.close();
  }
});

describe.each(shapes)('task queue ($name)', (shape) => {
  const it_ = shape.available ? it : it.skip;

  function fresh(): TaskQueue {
    namespace = `srtest:tasks:${randomBytes(4).toString('hex')}`;
    return shape.create();
  }

  it_('runs a task at its time, not before', async () => {
    const queue = fresh();
    const ran: { id: string; at: number }[] = [];
    queue.define<{ n: number }>('ping', async (_payload, run) => {
      ran.push({ id: run.id, at: Date.now() });
    });
    await queue.start();
    const runAt = Date.now() + 400;
    await queue.schedule('ping', 'a', { n: 1 }, new Date(runAt));
    await pollUntil(() => ran.length === 1, { timeoutMs: 5000, message: 'task did not run' });
    expect(ran[0]?.id).toBe('a');
    expect(ran[0]?.at).toBeGreaterThanOrEqual(runAt - 20);
  });

  it_('replaces a pending task of the same id, and cancels one', async () => {
    const queue = fresh();
    const seen: number[] = [];
    queue.define<{ n: number }>('ping', async (payload) => {
      seen.push(payload.n);
    });
    await queue.start();
    const soon = new Date(Date.now() + 300);
    await queue.schedule('ping', 'same', { n: 1 }, soon);
    await queue.schedule('ping', 'same', { n: 2 }, soon);
    await queue.schedule('ping', 'gone', { n: 3 }, soon);
    await queue.cancel('ping', 'gone');
    await pollUntil(() => seen.length > 0, { timeoutMs: 5000, message: 'task did not run' });
    await expectNothingWithin(500, 'a replaced or cancelled task ran', () => seen.length > 1);
    expect(seen).toEqual([2]);
  });

  it_('retries a failing task with backoff, then counts it failed', async () => {
    const queue = fresh();
    const attempts: number[] = [];
    queue.define(
      'flaky',
      async (_payload, run) => {
        attempts.push(run.attempt);
        if (run.attempt < 2) throw new Error('first try fails');
      },
      { attempts: 3, backoffMs: 50 },
    );
    queue.define(
      'broken',
      async () => {
        throw new Error('always fails');
      },
      { attempts: 2, backoffMs: 50 },
    );
    await queue.start();
    await queue.schedule('flaky', 'f', {});
    await queue.schedule('broken', 'b', {});
    await pollUntil(async () => (await queue.counts()).failed === 1, { timeoutMs: 8000, message: 'not failed' });
    await pollUntil(() => attempts.length === 2, { timeoutMs: 5000, message: 'flaky task not retried' });
    expect(attempts).toEqual([1, 2]);
  });

  it_('restores what the database says is pending when it starts', async () => {
    const queue = fresh();
    const seen: string[] = [];
    queue.define<{ who: string }>(
      'expiry',
      async (payload) => {
        seen.push(payload.who);
      },
      { restore: async () => [{ id: 'x', payload: { who: 'restored' }, runAt: new Date(Date.now() + 100) }] },
    );
    await queue.start();
    await pollUntil(() => seen.includes('restored'), { timeoutMs: 5000, message: 'restored task did not run' });
  });

  it_('adds many at once, leaving ids already pending as they are', async () => {
    const queue = fresh();
    const seen: string[] = [];
    queue.define<{ v: string }>('fan', async (payload, run) => {
      seen.push(`${run.id}=${payload.v}`);
    });
    const later = new Date(Date.now() + 300);
    await queue.scheduleMany('fan', [
      { id: '1', payload: { v: 'first' }, runAt: later },
      { id: '2', payload: { v: 'first' }, runAt: later },
    ]);
    await queue.scheduleMany('fan', [{ id: '1', payload: { v: 'second' }, runAt: later }]);
    await queue.start();
    await pollUntil(() => seen.length === 2, { timeoutMs: 5000, message: 'fan-out did not run' });
    expect(seen.sort()).toEqual(['1=first', '2=first']);
  });

  it_('keeps a kind to its own concurrency and runs background tasks after the ordinary ones waiting', async () => {
    const queue = fresh();
    let runningSlow = 0;
    let mostSlow = 0;
    const order: string[] = [];
    queue.define<{ n: number }>(
      'slow',
      async (payload) => {
        runningSlow += 1;
        mostSlow = Math.max(mostSlow, runningSlow);
        order.push(`slow${payload.n}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        runningSlow -= 1;
      },
      { background: true, concurrency: 2 },
    );
    queue.define<{ n: number }>('live', async (payload) => {
      order.push(`live${payload.n}`);
    });
    // Six slow tasks wait on someone else's server; live tasks scheduled after them still run at once.
    await queue.scheduleMany(
      'slow',
      Array.from({ length: 6 }, (_, n) => ({ id: `s${n}`, payload: { n } })),
    );
    await queue.start();
    await pollUntil(() => runningSlow === 2, { timeoutMs: 5000, message: 'slow tasks did not start' });
    const scheduled = Date.now();
    await queue.scheduleMany(
      'live',
      Array.from({ length: 3 }, (_, n) => ({ id: `l${n}`, payload: { n } })),
    );
    await pollUntil(() => order.filter((o) => o.startsWith('live')).length === 3, {
      timeoutMs: 5000,
      message: 'live tasks did not run',
    });
    expect(Date.now() - scheduled).toBeLessThan(250);
    await pollUntil(() => order.filter((o) => o.startsWith('slow')).length === 6, {
      timeoutMs: 10_000,
      message: 'slow tasks did not all run',
    });
    expect(mostSlow).toBe(2);
  });
});
