import { SIGNAL_ASSETS, type TBusEvent, type TSignal, type TStoredBacktest } from '@signalroom/shared';
import { backtestFeed, MomentumStrategy, SimulatedMarket } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type BusRecorder, recordBus } from './signal-helpers.js';

const INTERVAL = 1000;

/**
 * The server as `npm start` runs it, with the worker inside: live signals on every boundary, each
 * judged when its windows end. Embedded shape: in-process timers. Distributed shape: the same worker on
 * BullMQ (EMBEDDED_WORKER=true with Redis).
 */
describe(`live signals from the embedded worker (${testShape === 'distributed' ? 'BullMQ' : 'in-process timers'})`, () => {
  let server: TestServer;
  let bus: BusRecorder;
  beforeAll(async () => {
    server = await startTestServer({
      // A sync point every 10 s instead of the minute a deployment waits, so the test sees one soon.
      COUNTDOWN_SYNC_MS: '10000',
      EMBEDDED_WORKER: 'true',
      SIGNAL_INTERVAL_MS: String(INTERVAL),
      // The day's backtest over 48 one-second slots: small, so it costs the suite little.
      BACKTEST_SLOTS: '48',
    });
    bus = await recordBus(server.context.bus);
  });
  afterAll(async () => {
    bus?.stop();
    await server?.close();
  });

  it('issues a signal on a boundary and resolves it after its windows', async () => {
    const issued = (await bus.waitFor((e) => e.type === 'signal:new', 5000)) as Extract<
      TBusEvent,
      { type: 'signal:new' }
    >;
    const signal: TSignal = issued.signal;
    expect(Date.parse(signal.createdAt) % INTERVAL).toBe(0);
    expect(Date.parse(signal.expiresAt) - Date.parse(signal.createdAt)).toBe(INTERVAL);
    // Up to four windows of one second each, plus scheduling slack.
    const done = await bus.waitFor(
      (e) => e.type === 'signal:update' && e.signal.id === signal.id && e.signal.status !== 'active',
      8000,
    );
    expect(done.type === 'signal:update' && done.signal.outcome).toMatch(/^(profit|loss|breakeven)$/);
    await bus.waitFor((e) => e.type === 'record:checkpoint', 3000);
    expect(bus.invalid).toEqual([]);
  });

  it('issues consecutive slots, one signal each', async () => {
    const first = bus.events.find((e) => e.type === 'signal:new');
    await bus.waitFor(
      (e) =>
        e.type === 'signal:new' &&
        first?.type === 'signal:new' &&
        Date.parse(e.signal.createdAt) >= Date.parse(first.signal.createdAt) + 2 * INTERVAL,
      6000,
    );
    const rows = await server.context.db.selectFrom('signals').select(['slot_start']).orderBy('slot_start').execute();
    const times = rows.map((r) => new Date(r.slot_start).getTime());
    expect(new Set(times).size).toBe(times.length);
    const news = bus.events.filter((e) => e.type === 'signal:new');
    expect(new Set(news.map((e) => e.type === 'signal:new' && e.signal.id)).size).toBe(news.length);
  });

  it('publishes countdown sync points', async () => {
    await bus.waitFor((e) => e.type === 'countdown:tick', 10_000 + 2500);
  });

  it('reports the last signal time and the queue in health', async () => {
    const { body } = await server.api<{ lastSignalAt: string | null; queue: unknown }>('GET', '/api/health');
    expect(body.data?.lastSignalAt).not.toBeNull();
    if (testShape === 'distributed') expect(body.data?.queue).toMatchObject({ status: 'up', schedulers: 1 });
    else expect(body.data?.queue).toBe('embedded');
  });

  it("stores the day's backtest of the engine's strategy on its feed, and Gold members read it", async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const stored = await pollUntil(
      async () =>
        (await server.api<TStoredBacktest | null>('GET', '/api/gold/backtest', { token: gold.token })).body.data,
      { timeoutMs: 10_000, message: 'the stored backtest' },
    );
    const { report } = stored as TStoredBacktest;
    expect(report).toMatchObject({
      strategy: 'momentum-v1',
      source: 'simulated',
      assets: [...SIGNAL_ASSETS],
      slots: 48,
    });
    expect(report.evidence.payoutPercent).toBe(server.config.PAYOUT_PERCENT);
    // The same replay in this process, on the same simulated market, gives every figure again.
    const again = await backtestFeed(
      new SimulatedMarket(server.config.MARKET_SEED ? { seed: server.config.MARKET_SEED } : {}),
      SIGNAL_ASSETS,
      {
        strategy: new MomentumStrategy(),
        windowMs: INTERVAL,
        from: Date.parse(report.from),
        to: Date.parse(report.to),
        payoutPercent: server.config.PAYOUT_PERCENT,
        source: 'simulated',
      },
    );
    expect(report).toEqual(again);
    const silver = await createMember(server.context.db, { tier: 'silver' });
    expect((await server.api('GET', '/api/gold/backtest', { token: silver.token })).status).toBe(403);
  });
});
