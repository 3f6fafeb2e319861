import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TSignalView, TUser } from '@signalroom/shared';
import { createRedisBus, type EventBus } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { createMember } from '../helpers/factories.js';
import { useServerPair } from '../helpers/server-pair.js';
import { testShape } from '../helpers/shape.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type PrivateRedis, startPrivateRedis } from './private-redis.js';
import { barrierTick, insertSignalRow, makeSignal, type TestClient, waitForBarrier } from './realtime-helpers.js';

describe.skipIf(testShape !== 'distributed')('realtime across two server processes', () => {
  const pair = useServerPair();
  let worker: EventBus;
  let marker = 0;

  beforeAll(() => {
    // Stands in for the worker: publishes on the same Redis channel from outside both servers.
    worker = createRedisBus(pair.env.REDIS_URL as string, { namespace: pair.env.REDIS_NAMESPACE });
  });
  afterAll(async () => {
    await worker?.close();
  });

  const client = (server: RunningServer, token: string | null) => pair.connect(server, token);

  async function settle(audience: TestClient[]): Promise<void> {
    marker += 1;
    const tick = barrierTick(marker);
    await worker.publish(tick);
    await Promise.all(audience.map((c) => waitForBarrier(c, tick)));
  }

  it('delivers each new signal exactly once to a client on each process', async () => {
    const { a, b } = pair;
    const gold = await createMember(a.context.db, { tier: 'gold' });
    const silver = await createMember(a.context.db, { tier: 'silver' });
    const onA = await client(a, gold.token);
    const onB = await client(b, gold.token);
    const silverOnB = await client(b, silver.token);

    const signals = [makeSignal(), makeSignal(), makeSignal({ daySequence: 99 })];
    for (const signal of signals) await worker.publish({ type: 'signal:new', signal });
    await settle([onA, onB, silverOnB]);

    for (const c of [onA, onB]) {
      expect((c.all('signal:new') as TSignalView[]).map((s) => s.id)).toEqual(signals.map((s) => s.id));
    }
    const silverViews = silverOnB.all('signal:new') as TSignalView[];
    expect(silverViews.map((s) => [s.id, s.locked])).toEqual([
      [signals[0]?.id, false],
      [signals[1]?.id, false],
      [signals[2]?.id, true],
    ]);
    // The adapter shares rooms: process A sees the gold sockets of both processes.
    const goldSockets = await a.realtime.io.in('tier:gold').fetchSockets();
    expect(goldSockets.length).toBeGreaterThanOrEqual(2);
  });

  it('moves a member on the other process within a second when access changes through one', async () => {
    const { a, b } = pair;
    const admin = await createMember(a.context.db, { tier: 'gold', role: 'admin' });
    const member = await createMember(a.context.db, { tier: 'gold' });
    const onB = await client(b, member.token);

    // The admin's request goes to process A; the member's socket lives on process B.
    const t0 = Date.now();
    const response = await fetch(`${a.url}/api/admin/users/${member.user.id}/access`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'guest', dashboardUnlocked: false, hasDeposited: false }),
    });
    expect(response.status).toBe(200);
    const update = (await onB.waitFor('account:update', (u: TUser) => !u.dashboardUnlocked, 1000)) as TUser;
    expect(update.id).toBe(member.user.id);
    expect(Date.now() - t0).toBeLessThan(1000);

    await worker.publish({ type: 'signal:new', signal: makeSignal() });
    await settle([onB]);
    expect(onB.all('signal:new')).toEqual([]);
  });

  it('delivers every signal of the real worker exactly once to a client on each process', async () => {
    const { a, b } = pair;
    const gold = await createMember(a.context.db, { tier: 'gold' });
    const onA = await client(a, gold.token);
    const onB = await client(b, gold.token);
    const child = startWorkerProcess(pair.env, 1000);
    try {
      await onA.waitFor('signal:new', () => onA.all('signal:new').length >= 3, 15_000);
    } finally {
      await stopProcess(child);
    }
    await settle([onA, onB]);
    const idsA = (onA.all('signal:new') as TSignalView[]).map((s) => s.id);
    const idsB = (onB.all('signal:new') as TSignalView[]).map((s) => s.id);
    expect(new Set(idsA).size).toBe(idsA.length);
    expect(idsB).toEqual(idsA);
    // This database holds only the worker's signals, all issued while both clients were connected.
    const stored = await a.context.db.selectFrom('signals').select('id').execute();
    expect(new Set(idsA)).toEqual(new Set(stored.map((row) => row.id)));

    // Queue depth of the worker's BullMQ queue is visible to Prometheus on either process.
    const metrics = await (await fetch(`${b.url}/metrics`)).text();
    expect(metrics).toMatch(/signalroom_queue_jobs\{state="waiting"\} \d+/);
    const delayed = Number(/signalroom_queue_jobs\{state="delayed"\} (\d+)/.exec(metrics)?.[1]);
    expect(delayed).toBeGreaterThan(0);
  });
});

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The real worker (worker/src/main.ts) as its own process, on a short slot interval. */
function startWorkerProcess(env: Record<string, string>, intervalMs: number): ChildProcess {
  return spawn(process.execPath, ['--conditions=@signalroom/source', '--import', 'tsx', 'worker/src/main.ts'], {
    cwd: repoRoot,
    // Its connection errors while Redis is down are expected noise here; behaviour is what is asserted.
    stdio: ['ignore', 'ignore', 'ignore'],
    env: {
      ...process.env,
      DATABASE_URL: env.DATABASE_URL,
      REDIS_URL: env.REDIS_URL,
      REDIS_NAMESPACE: env.REDIS_NAMESPACE,
      SIGNAL_INTERVAL_MS: String(intervalMs),
      LOG_LEVEL: 'warn',
    },
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(testShape !== 'distributed')('realtime across a Redis restart', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  // After the private Redis's hooks: the pair starts once it runs, and (after-hooks run last first)
  // closes before it stops.
  const pair = useServerPair(() => ({ REDIS_URL: redis.url }));

  it('loses no signal for clients when Redis restarts mid-run', async () => {
    const { a, b } = pair;
    const gold = await createMember(a.context.db, { tier: 'gold' });
    const onA = await pair.connect(a, gold.token, { reconnection: true });
    const onB = await pair.connect(b, gold.token, { reconnection: true });

    await redis.stop();
    // Written while Redis is down: its bus event is lost (nobody could publish it).
    const lostId = await insertSignalRow(a.context.db, 1);
    await redis.start();

    // Each process resynchronises its sockets on bus reconnect with a snapshot from the database.
    for (const c of [onA, onB]) {
      const snapshot = await c.waitFor(
        'snapshot',
        (s: { signals: TSignalView[] }) => s.signals.some((signal) => signal.id === lostId),
        8000,
      );
      expect(snapshot.user.id).toBe(gold.user.id);
    }

    // A client that reconnects its socket catches up the same way.
    onB.socket.disconnect();
    const again = await pair.connect(b, gold.token);
    expect(again.snapshot.signals.map((s) => s.id)).toContain(lostId);

    // And the bus works again: a new event reaches both processes' clients once.
    const worker = createRedisBus(redis.url, { namespace: pair.env.REDIS_NAMESPACE });
    try {
      const next = makeSignal();
      await worker.publish({ type: 'signal:new', signal: next });
      await Promise.all([onA, again].map((c) => c.waitFor('signal:new', (s: TSignalView) => s.id === next.id, 3000)));
    } finally {
      await worker.close();
    }
  });

  it('with the real worker running, a Redis restart leaves every stored signal known to every client', async () => {
    const { a, b } = pair;
    const gold = await createMember(a.context.db, { tier: 'gold' });
    const onA = await pair.connect(a, gold.token, { reconnection: true });
    const onB = await pair.connect(b, gold.token, { reconnection: true });
    const before = new Set((await a.context.db.selectFrom('signals').select('id').execute()).map((r) => r.id));
    const redisSeenAs = async (state: 'up' | 'down') => {
      const answers = await Promise.all(
        [a, b].map(
          async (s) =>
            ((await (await fetch(`${s.url}/api/health`)).json()) as { data?: { redis?: string } }).data?.redis,
        ),
      );
      return answers.every((redisState) => redisState === state);
    };
    const child = startWorkerProcess(pair.env, 1500);
    try {
      await onA.waitFor('signal:new', () => true, 10_000);
      await redis.stop();
      // The outage lasts until both server processes have noticed it (their health says Redis is down).
      await pollUntil(() => redisSeenAs('down'), { timeoutMs: 8000, message: 'both servers report Redis down' });
      await redis.start();
      // Each process resynchronises its clients with a snapshot once its bus is back.
      for (const c of [onA, onB]) await c.waitFor('snapshot', () => c.all('snapshot').length >= 2, 8000);
    } finally {
      await stopProcess(child);
    }
    const stored = (await a.context.db.selectFrom('signals').select('id').execute())
      .map((r) => r.id)
      .filter((id) => !before.has(id));
    expect(stored.length).toBeGreaterThan(0);
    // What a client knows: pushed signals plus the signals of every snapshot it received. The worker's
    // last announcement may still be on its way when it stops, so wait until nothing is missing.
    const unknownTo = (c: TestClient) => {
      const known = new Set<string>([
        ...(c.all('signal:new') as TSignalView[]).map((s) => s.id),
        ...(c.all('snapshot') as { signals: TSignalView[] }[]).flatMap((snap) => snap.signals.map((s) => s.id)),
      ]);
      return stored.filter((id) => !known.has(id));
    };
    for (const [name, c] of [
      ['A', onA],
      ['B', onB],
    ] as const) {
      await pollUntil(
        () => {
          const missing = unknownTo(c);
          if (missing.length) throw new Error(`missing ${missing.join(', ')}`);
          return true;
        },
        { timeoutMs: 5000, message: `the client on server ${name} knows every stored signal` },
      );
      expect(unknownTo(c)).toEqual([]);
    }
  });
});
