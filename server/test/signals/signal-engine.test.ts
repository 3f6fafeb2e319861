import { judgeWindow, martingaleLevels, ZSignal } from '@signalroom/shared';
import { SimulatedMarket, type Strategy, type StrategyDecision } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider } from '../../../worker/test/helpers/fake-provider.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { type BusRecorder, engineFor, FIVE_MIN, recordBus, slots } from './signal-helpers.js';

/** Buys every slot with a stop or target set at the entry price, to exercise hit_tp / hit_sl. */
class FixedStrategy implements Strategy {
  readonly name = 'fixed-test';
  constructor(private readonly level: 'stopLoss' | 'takeProfit') {}
  lookback() {
    return { intervalMs: 30_000, count: 10 };
  }
  evaluate({ candles }: Parameters<Strategy['evaluate']>[0]): StrategyDecision {
    const last = candles.at(-1)?.close ?? 1;
    return {
      signalType: 'buy',
      confidence: 55,
      stopLoss: this.level === 'stopLoss' ? last : null,
      takeProfit: this.level === 'takeProfit' ? last : null,
      analysis: 'test',
    };
  }
}

describe('signal engine', () => {
  let server: TestServer;
  let bus: BusRecorder;
  beforeAll(async () => {
    server = await startTestServer();
    bus = await recordBus(server.context.bus);
  });
  afterAll(async () => {
    bus?.stop();
    await server?.close();
  });

  const rowsForSlot = (slot: Date) =>
    server.context.db.selectFrom('signals').selectAll().where('slot_start', '=', slot).execute();

  it('issues one signal for a slot and nothing when the slot runs again', async () => {
    const engine = engineFor(server);
    const [slot] = slots('2026-11-20T10:00:00Z', 1) as [Date];
    const first = await engine.runSlot(slot);
    expect(first).not.toBeNull();
    expect(ZSignal.parse(first)).toMatchObject({ status: 'active', outcome: null, source: 'simulated', locked: false });
    expect(first?.createdAt).toBe(slot.toISOString());
    expect(first?.expiresAt).toBe(new Date(slot.getTime() + FIVE_MIN).toISOString());
    expect(first?.entryPrice).toBe(await new SimulatedMarket({ seed: 'tests' }).priceAt(first?.asset as string, slot));
    expect(await engine.runSlot(slot)).toBeNull();
    expect(await rowsForSlot(slot)).toHaveLength(1);
    await bus.waitFor((e) => e.type === 'signal:new' && e.signal.id === first?.id);
    await bus.drained();
    expect(bus.events.filter((e) => e.type === 'signal:new' && e.signal.createdAt === slot.toISOString())).toHaveLength(
      1,
    );
  });

  it('yields one signal when several engines race for the same slot', async () => {
    const [slot] = slots('2026-11-20T11:00:00Z', 1) as [Date];
    const results = await Promise.all(
      [engineFor(server), engineFor(server), engineFor(server)].map((e) => e.runSlot(slot)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await rowsForSlot(slot)).toHaveLength(1);
  });

  it('numbers signals within the operator day (Africa/Lagos), restarting at local midnight', async () => {
    const engine = engineFor(server);
    // 22:50 and 22:55 UTC are 23:50 and 23:55 in Lagos; 23:00 UTC is already the next day there.
    const issued = [];
    for (const slot of slots('2026-10-10T22:50:00Z', 4)) issued.push(await engine.runSlot(slot));
    expect(issued.map((s) => s?.daySequence)).toEqual([1, 2, 1, 2]);
  });

  it('judges the primary window and the martingale levels on the same feed, with the right status', async () => {
    const feed = new SimulatedMarket({ seed: 'tests' });
    const engine = engineFor(server);
    const seen = new Map<string, number>();
    for (const slot of slots('2026-11-19T00:00:00Z', 80)) {
      const signal = await engine.runSlot(slot);
      if (!signal) continue;
      const result = await engine.resolveSignal(signal.id);
      expect(result.state).toBe('resolved');
      if (result.state !== 'resolved') continue;
      // Independent judgement, window by window, from the feed's prices.
      let expected: { outcome: string; status: string; level: number | null } | null = null;
      for (const w of martingaleLevels(new Date(signal.expiresAt), { stepMs: FIVE_MIN })) {
        const kind = judgeWindow({
          signalType: signal.signalType,
          entryPrice: await feed.priceAt(signal.asset, w.entryTime),
          exitPrice: await feed.priceAt(signal.asset, w.expiryTime),
        }).kind;
        if (kind === 'won') expected = { outcome: 'profit', status: 'closed', level: w.level };
        else if (kind === 'breakeven') expected = { outcome: 'breakeven', status: 'closed', level: w.level };
        if (expected) break;
      }
      expected ??= { outcome: 'loss', status: 'expired', level: null };
      expect(result.signal).toMatchObject({
        outcome: expected.outcome,
        status: expected.status,
        resolvedLevel: expected.level,
      });
      expect(result.signal.exitPrice).not.toBeNull();
      const key = `${expected.status}:${expected.level === null ? 'none' : expected.level > 0 ? 'martingale' : 'primary'}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (seen.has('closed:primary') && seen.has('closed:martingale') && seen.has('expired:none')) break;
    }
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['closed:primary', 'closed:martingale', 'expired:none']));
    const resolvedEvent = await bus.waitFor((e) => e.type === 'signal:update' && e.signal.status === 'expired');
    expect(resolvedEvent.type).toBe('signal:update');
    // The outcome went into the track record with a checkpoint of its own, announced for the witnesses.
    await bus.waitFor((e) => e.type === 'record:checkpoint');
  });

  it('waits before a window ends and moves to the next level after a lost primary', async () => {
    const feed = new SimulatedMarket({ seed: 'tests' });
    let clock = new Date('2026-11-18T09:00:01Z');
    const engine = engineFor(server, { now: () => clock });
    // Find a slot whose primary window loses, from the feed itself.
    for (const slot of slots('2026-11-18T09:00:00Z', 40)) {
      clock = new Date(slot.getTime() + 1000);
      const signal = await engine.runSlot(slot);
      if (!signal) continue;
      expect(await engine.resolveSignal(signal.id)).toEqual({ state: 'waiting', nextAt: new Date(signal.expiresAt) });
      const exit = await feed.priceAt(signal.asset, new Date(signal.expiresAt));
      if (
        judgeWindow({ signalType: signal.signalType, entryPrice: signal.entryPrice, exitPrice: exit }).kind !== 'lost'
      ) {
        continue;
      }
      clock = new Date(Date.parse(signal.expiresAt) + 1000);
      const result = await engine.resolveSignal(signal.id);
      expect(result).toEqual({ state: 'waiting', nextAt: new Date(Date.parse(signal.expiresAt) + FIVE_MIN) });
      const row = await server.context.db
        .selectFrom('signals')
        .selectAll()
        .where('id', '=', signal.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'active', active_level: 1, outcome: null });
      const update = await bus.waitFor((e) => e.type === 'signal:update' && e.signal.id === signal.id);
      expect(update.type === 'signal:update' && update.signal.activeLevel).toBe(1);
      return;
    }
    throw new Error('no losing primary window found in 40 slots');
  });

  it('ends at the take profit (hit_tp) or the stop loss (hit_sl) when one is set', async () => {
    const tp = engineFor(server, { strategy: new FixedStrategy('takeProfit') });
    const sl = engineFor(server, { strategy: new FixedStrategy('stopLoss') });
    const [a, b] = slots('2026-11-17T12:00:00Z', 2) as [Date, Date];
    const withTp = await tp.runSlot(a);
    const withSl = await sl.runSlot(b);
    expect(withTp?.takeProfit).toBe(withTp?.entryPrice);
    const r1 = await tp.resolveSignal(withTp?.id as string);
    const r2 = await sl.resolveSignal(withSl?.id as string);
    expect(r1).toMatchObject({ state: 'resolved', signal: { status: 'hit_tp', outcome: 'profit', resolvedLevel: 0 } });
    expect(r2).toMatchObject({ state: 'resolved', signal: { status: 'hit_sl', outcome: 'loss', resolvedLevel: null } });
    expect(r1.state === 'resolved' && r1.signal.exitPrice).toBe(withTp?.takeProfit);
  });

  it('resolves nothing twice: a second resolve of a finished signal is a no-op', async () => {
    const engine = engineFor(server);
    const [slot] = slots('2026-11-16T08:00:00Z', 1) as [Date];
    const signal = await engine.runSlot(slot);
    const first = await engine.resolveSignal(signal?.id as string);
    expect(first.state).toBe('resolved');
    expect(await engine.resolveSignal(signal?.id as string)).toEqual({ state: 'noop' });
    await bus.drained();
    const updates = bus.events.filter(
      (e) => e.type === 'signal:update' && e.signal.id === signal?.id && e.signal.status !== 'active',
    );
    expect(updates).toHaveLength(1);
  });

  it('generates from a real HTTP feed when one is configured, marked with its id', async () => {
    const provider = await startFakeProvider('tests');
    try {
      const { HttpMarketFeed } = await import('@signalroom/worker');
      const feed = new HttpMarketFeed(`${provider.url}/feed`, { assets: ['GBP/USD', 'USD/JPY', 'XAU/USD'] });
      const engine = engineFor(server, { feed });
      const [slot] = slots('2026-11-15T08:00:00Z', 1) as [Date];
      const signal = await engine.runSlot(slot);
      expect(signal?.source).toBe('http');
      expect(signal?.entryPrice).toBe(
        await new SimulatedMarket({ seed: 'tests' }).priceAt(signal?.asset as string, slot),
      );
      expect(provider.requests.some((r) => r.startsWith('/feed/candles'))).toBe(true);
    } finally {
      await provider.close();
    }
  });

  it('publishes only events that satisfy the bus contract', () => {
    expect(bus.events.length).toBeGreaterThan(0);
    expect(bus.invalid).toEqual([]);
  });
});
