import { describe, expect, it } from 'vitest';
import {
  calibrationBands,
  computeTrackRecordStats,
  equityCurve,
  planStakes,
  signalProfit,
  type TrackRecordFacts,
  wilsonInterval,
  winRateByLevel,
  ZTrackRecordStats,
} from './stats.js';

let minute = 0;
const s = (
  outcome: TrackRecordFacts['outcome'],
  endLevel = 0,
  extra: Partial<TrackRecordFacts> = {},
): TrackRecordFacts => {
  minute += 5;
  return {
    asset: 'EUR/USD (OTC)',
    direction: 'CALL',
    confidence: 62,
    outcome,
    endLevel,
    resolvedAt: new Date(Date.UTC(2026, 10, 24, 0, minute)).toISOString(),
    ...extra,
  };
};

describe('wilsonInterval', () => {
  // By hand with z = 1.96: 7 of 10 → centre 0.89208 / 1.38416 = 0.64449, half-width
  // 1.96 × √(0.021 + 0.009604) / 1.38416 = 0.24772 → 39.7% to 89.2%.
  it('gives the textbook interval for 7 of 10', () => {
    expect(wilsonInterval(7, 10)).toEqual({ low: 39.7, high: 89.2 });
  });

  // 0 of 5: centre = half-width = (3.8416 / 10) / 1.76832 = 0.21725 → 0% to 43.4%, never below zero.
  it('stays within 0-100 at the edges', () => {
    expect(wilsonInterval(0, 5)).toEqual({ low: 0, high: 43.4 });
    expect(wilsonInterval(5, 5)).toEqual({ low: 56.6, high: 100 });
  });

  it('is null when nothing was counted', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('the stake plan', () => {
  it('doubles the stake at each martingale level', () => {
    expect(planStakes()).toEqual([10, 20, 40, 80]);
  });

  // $10, $20, $40, $80 at an 80% payout.
  it.each([
    ['profit', 0, 8],
    ['profit', 1, -10 + 16],
    ['profit', 3, -70 + 64],
    ['breakeven', 2, -30],
    ['loss', 3, -150],
    ['loss', 1, -30],
  ] as const)('a %s at level %i makes %d', (outcome, endLevel, profit) => {
    expect(signalProfit({ outcome, endLevel })).toBe(profit);
  });
});

describe('equityCurve', () => {
  // +8, -150, +6, 0 → 8, -142, -136, -136: the fall from the peak of 8 to -142 is 150.
  it('adds each signal and measures the deepest fall from a peak', () => {
    const curve = equityCurve([s('profit'), s('loss', 3), s('profit', 1), s('breakeven', 0)]);
    expect(curve.points.map((p) => p.equity)).toEqual([8, -142, -136, -136]);
    expect(curve.final).toBe(-136);
    expect(curve.maxDrawdown).toBe(150);
  });

  it('counts a fall from the start as drawdown and none while only rising', () => {
    expect(equityCurve([s('loss', 0), s('profit')]).maxDrawdown).toBe(10);
    expect(equityCurve([s('profit'), s('profit')]).maxDrawdown).toBe(0);
  });

  it('thins a long curve but keeps the last point and the full figures', () => {
    const many = Array.from({ length: 1200 }, (_, i) => s(i % 3 === 0 ? 'loss' : 'profit'));
    const curve = equityCurve(many);
    expect(curve.points.length).toBeLessThanOrEqual(500);
    expect(curve.points.at(-1)?.equity).toBe(curve.final);
    expect(curve.final).toBe(400 * -10 + 800 * 8);
  });
});

describe('winRateByLevel', () => {
  // Ended at: L0 win, L0 loss (stop), L1 win, L3 loss → level 0: 1 of 4; level 1: 1 of 2; level 2 and 3: 0 of 1.
  it('rates each level over the signals that played it', () => {
    const rows = winRateByLevel([s('profit', 0), s('loss', 0), s('profit', 1), s('loss', 3)]);
    expect(rows.map((r) => [r.level, r.rate.won, r.rate.total])).toEqual([
      [0, 1, 4],
      [1, 1, 2],
      [2, 0, 1],
      [3, 0, 1],
    ]);
  });
});

describe('calibrationBands', () => {
  it('compares stated confidence with first-window wins, band by band', () => {
    const bands = calibrationBands([
      s('profit', 0, { confidence: 61 }),
      s('profit', 1, { confidence: 63 }),
      s('loss', 0, { confidence: 56 }),
      s('profit', 0, { confidence: 100 }),
    ]);
    expect(bands.map((b) => [b.from, b.to, b.statedMean, b.realised.won, b.realised.total])).toEqual([
      [55, 60, 56, 0, 1],
      [60, 65, 62, 1, 2],
      [95, 100, 100, 1, 1],
    ]);
  });
});

describe('computeTrackRecordStats', () => {
  it('keeps the two win rates apart, by asset and by direction', () => {
    const stats = computeTrackRecordStats([
      s('profit', 0),
      s('profit', 2, { direction: 'PUT' }),
      s('loss', 3, { asset: 'BTC/USD' }),
    ]);
    expect(ZTrackRecordStats.parse(stats)).toEqual(stats);
    expect(stats.overall.firstWindow).toMatchObject({ won: 1, total: 3, percent: 33.3 });
    expect(stats.overall.withMartingale).toMatchObject({ won: 2, total: 3, percent: 66.7 });
    expect(stats.byAsset.map((g) => [g.key, g.withMartingale.won, g.withMartingale.total])).toEqual([
      ['EUR/USD (OTC)', 2, 2],
      ['BTC/USD', 0, 1],
    ]);
    expect(stats.byDirection.map((g) => [g.key, g.firstWindow.won])).toEqual([
      ['CALL', 1],
      ['PUT', 0],
    ]);
  });

  it('has no rates before anything resolved', () => {
    const stats = computeTrackRecordStats([]);
    expect(stats.overall.firstWindow).toEqual({ won: 0, total: 0, percent: null, low: null, high: null });
    expect(stats.equity.points).toEqual([]);
  });
});
