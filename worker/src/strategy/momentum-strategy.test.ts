import type { Candle } from '@signalroom/shared-node/market';
import { describe, expect, it } from 'vitest';
import { calibrateConfidence, candlesPerWindow, MomentumStrategy, momentumFeatures } from './momentum-strategy.js';
import { pickStrongest } from './select.js';

function series(closes: number[]): Candle[] {
  return closes.map((close, i) => ({
    time: new Date(i * 60_000),
    open: closes[i - 1] ?? close,
    high: Math.max(close, closes[i - 1] ?? close),
    low: Math.min(close, closes[i - 1] ?? close),
    close,
  }));
}

/** A zig-zag with a drift: every candle moves, so volatility is measurable. */
const trending = (drift: number) =>
  series(Array.from({ length: 60 }, (_, i) => 100 * (1 + drift * i + (i % 2 ? 0.001 : -0.001))));

describe('MomentumStrategy', () => {
  const strategy = new MomentumStrategy();

  it('asks for 60 candles of a tenth of the window', () => {
    expect(strategy.lookback(300_000)).toEqual({ intervalMs: 30_000, count: 60 });
  });

  it('calls a rising market a buy and a falling one a sell', () => {
    const up = strategy.evaluate({ asset: 'GBP/USD', at: new Date(), windowMs: 300_000, candles: trending(0.0005) });
    const down = strategy.evaluate({ asset: 'GBP/USD', at: new Date(), windowMs: 300_000, candles: trending(-0.0005) });
    expect(up?.signalType).toBe('buy');
    expect(down?.signalType).toBe('sell');
    expect(up?.analysis).toContain('GBP/USD');
  });

  it('keeps confidence a probability above one half', () => {
    const d = strategy.evaluate({ asset: 'GBP/USD', at: new Date(), windowMs: 300_000, candles: trending(0.01) });
    expect(d?.confidence).toBeGreaterThanOrEqual(50);
    expect(d?.confidence).toBeLessThanOrEqual(100);
  });

  it('makes no call on a flat or too short series', () => {
    expect(momentumFeatures(series(Array.from({ length: 60 }, () => 1.1)))).toBeNull();
    expect(momentumFeatures(trending(0.001).slice(0, 20))).toBeNull();
    expect(strategy.evaluate({ asset: 'GBP/USD', at: new Date(), windowMs: 300_000, candles: [] })).toBeNull();
  });
});

describe('calibrateConfidence', () => {
  const knots = [
    [55, 56],
    [60, 58],
    [65, 61],
  ] as const;

  it('interpolates between knots and holds flat beyond them', () => {
    expect(calibrateConfidence(57.5, knots)).toBeCloseTo(57);
    expect(calibrateConfidence(50, knots)).toBe(56);
    expect(calibrateConfidence(80, knots)).toBe(61);
  });

  it('is the identity without knots', () => {
    expect(calibrateConfidence(63.2, [])).toBe(63.2);
  });
});

describe('pickStrongest', () => {
  const d = (confidence: number) => ({
    signalType: 'buy' as const,
    confidence,
    stopLoss: null,
    takeProfit: null,
    analysis: '',
  });

  it('picks the highest confidence, the first listed on a tie', () => {
    expect(
      pickStrongest([
        { asset: 'A', decision: d(58) },
        { asset: 'B', decision: d(61) },
        { asset: 'C', decision: d(61) },
      ])?.asset,
    ).toBe('B');
    expect(pickStrongest([])).toBeNull();
  });
});

describe('candlesPerWindow', () => {
  it('reads ten candles a window, or as many of the feed finest candles as fit', () => {
    expect(candlesPerWindow(300_000)).toBe(10);
    expect(candlesPerWindow(300_000, 30_000)).toBe(10);
    expect(candlesPerWindow(300_000, 60_000)).toBe(5);
    expect(candlesPerWindow(600_000, 60_000)).toBe(10);
  });

  it('refuses candles too coarse for the window', () => {
    expect(() => candlesPerWindow(300_000, 120_000)).toThrow('Candles of 2 min are too coarse for 5 min windows');
  });

  it('asks a 1-minute source for 1-minute candles and reads them five to a window', () => {
    const strategy = new MomentumStrategy();
    expect(strategy.lookback(300_000, 60_000)).toEqual({ intervalMs: 60_000, count: 30 });
    const d = strategy.evaluate({
      asset: 'GBP/USD',
      at: new Date(),
      windowMs: 300_000,
      candles: trending(0.0005).slice(-30),
    });
    expect(d?.analysis).toContain('per 1 min');
  });
});
