import { describe, expect, it } from 'vitest';
import { CHART_MAX_CANDLES, type ChartSignal, signalChartPlan, withLiveCandles, ZSignalChartQuery } from './chart.js';

const signal = (over: Partial<ChartSignal> = {}): ChartSignal => ({
  createdAt: '2026-11-22T10:05:00.000Z',
  expiresAt: '2026-11-22T10:10:00.000Z',
  entryPrice: 1.1,
  status: 'active',
  resolvedLevel: null,
  exitPrice: null,
  activeLevel: 0,
  ...over,
});
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null | undefined) => d?.toISOString();

describe('signalChartPlan', () => {
  it('shades the primary window and each martingale window, each as long as the signal’s window', () => {
    const plan = signalChartPlan(signal(), at('2026-11-22T10:07:30Z'));
    expect(plan.windows.map((w) => [w.level, w.label, iso(w.from), iso(w.to)])).toEqual([
      [0, 'Primary window', '2026-11-22T10:05:00.000Z', '2026-11-22T10:10:00.000Z'],
      [1, 'Martingale level 1', '2026-11-22T10:10:00.000Z', '2026-11-22T10:15:00.000Z'],
      [2, 'Martingale level 2', '2026-11-22T10:15:00.000Z', '2026-11-22T10:20:00.000Z'],
      [3, 'Martingale level 3', '2026-11-22T10:20:00.000Z', '2026-11-22T10:25:00.000Z'],
    ]);
    expect(plan.entry).toEqual({ time: at('2026-11-22T10:05:00Z'), price: 1.1 });
    expect(iso(plan.expiry)).toBe('2026-11-22T10:10:00.000Z');
  });

  it('follows now while active: the hour before the last whole minute, never a forming candle', () => {
    const plan = signalChartPlan(signal(), at('2026-11-22T10:07:30Z'));
    expect(plan.frozenAt).toBeNull();
    expect(plan.exit).toBeNull();
    expect(iso(plan.range.to)).toBe('2026-11-22T10:07:00.000Z');
    expect(iso(plan.range.from)).toBe('2026-11-22T09:07:00.000Z');
  });

  it('freezes a won signal at the end of the window it won in, with its exit there', () => {
    const won = signal({ status: 'closed', resolvedLevel: 1, exitPrice: 1.2, activeLevel: 1 });
    const plan = signalChartPlan(won, at('2026-11-23T08:00:00Z'));
    expect(iso(plan.frozenAt)).toBe('2026-11-22T10:15:00.000Z');
    expect(plan.exit).toEqual({ time: at('2026-11-22T10:15:00Z'), price: 1.2 });
    expect(iso(plan.range.to)).toBe('2026-11-22T10:15:00.000Z');
    expect(iso(plan.range.from)).toBe('2026-11-22T09:15:00.000Z');
  });

  it('freezes a loss after the last level at the plan’s end, and a stop loss at its own level', () => {
    const lost = signalChartPlan(
      signal({ status: 'expired', exitPrice: 1.0, activeLevel: 3 }),
      at('2026-11-23T00:00:00Z'),
    );
    expect(iso(lost.frozenAt)).toBe('2026-11-22T10:25:00.000Z');
    const stopped = signalChartPlan(
      signal({ status: 'hit_sl', exitPrice: 1.05, activeLevel: 2 }),
      at('2026-11-23T00:00:00Z'),
    );
    expect(iso(stopped.frozenAt)).toBe('2026-11-22T10:20:00.000Z');
    expect(stopped.exit?.price).toBe(1.05);
  });

  it('gives a void signal no exit: it has no closing price', () => {
    const plan = signalChartPlan(signal({ status: 'void', activeLevel: 0 }), at('2026-11-23T00:00:00Z'));
    expect(iso(plan.frozenAt)).toBe('2026-11-22T10:10:00.000Z');
    expect(plan.exit).toBeNull();
  });

  it('reaches back before the entry of a plan longer than the lookback, within the bound', () => {
    // An analyst's 1-hour window: four levels, four hours.
    const long = signal({
      createdAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-22T11:00:00.000Z',
      status: 'expired',
      activeLevel: 3,
      exitPrice: 1,
    });
    const plan = signalChartPlan(long, at('2026-11-23T00:00:00Z'), 120);
    expect(iso(plan.range.to)).toBe('2026-11-22T14:00:00.000Z');
    expect(iso(plan.range.from)).toBe('2026-11-22T09:55:00.000Z');
    expect((plan.range.to.getTime() - plan.range.from.getTime()) / 60_000).toBeLessThanOrEqual(CHART_MAX_CANDLES);
  });

  it('counts an analyst’s window from the moment it was published, off the minute', () => {
    const desk = signal({ createdAt: '2026-11-22T10:05:20.000Z', expiresAt: '2026-11-22T10:20:20.000Z' });
    const plan = signalChartPlan(desk, at('2026-11-22T10:06:10Z'));
    expect(iso(plan.windows[1]?.to)).toBe('2026-11-22T10:35:20.000Z');
    expect(iso(plan.range.from)).toBe('2026-11-22T09:06:00.000Z');
    expect(iso(plan.range.to)).toBe('2026-11-22T10:06:00.000Z');
  });
});

describe('ZSignalChartQuery', () => {
  it('reads an hour by default and refuses a lookback outside 15 to 120 minutes', () => {
    expect(ZSignalChartQuery.parse({})).toEqual({ minutes: 60 });
    expect(ZSignalChartQuery.parse({ minutes: '90' })).toEqual({ minutes: 90 });
    for (const minutes of ['5', '121', '1.5', 'x']) {
      expect(ZSignalChartQuery.safeParse({ minutes }).success).toBe(false);
    }
    expect(ZSignalChartQuery.safeParse({ from: '0' }).success).toBe(false);
  });
});

describe('withLiveCandles', () => {
  const closed = [{ time: 600, open: 1, high: 2, low: 0.5, close: 1.5 }];
  it('builds the forming minutes from live prices after the closed candles, open first and close last', () => {
    const prices = [
      { time: 659, value: 9 }, // already inside the closed candle
      { time: 660, value: 1.6 },
      { time: 675, value: 1.9 },
      { time: 690, value: 1.4 },
      { time: 719, value: 1.7 },
      { time: 720, value: 1.8 },
    ];
    expect(withLiveCandles(closed, prices, 660)).toEqual([
      closed[0],
      { time: 660, open: 1.6, high: 1.9, low: 1.4, close: 1.7 },
      { time: 720, open: 1.8, high: 1.8, low: 1.8, close: 1.8 },
    ]);
  });
  it('leaves the closed candles alone without live prices', () => {
    expect(withLiveCandles(closed, [], 660)).toEqual(closed);
  });
});
