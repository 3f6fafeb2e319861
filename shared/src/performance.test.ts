import { describe, expect, it } from 'vitest';
import {
  computePerformanceStats,
  formatPercent,
  percentOf,
  type ResolvedSignalFacts,
  signalResultLabel,
} from './performance.js';
import { ZPerformanceStats } from './performance.schemas.js';

const s = (outcome: ResolvedSignalFacts['outcome'], extra: Partial<ResolvedSignalFacts> = {}): ResolvedSignalFacts => ({
  asset: 'EUR/USD (OTC)',
  direction: 'CALL',
  confidence: 60,
  outcome,
  resolvedLevel: outcome === 'loss' ? null : 0,
  activeLevel: outcome === 'loss' ? 3 : 0,
  ...extra,
});

describe('computePerformanceStats', () => {
  it('is empty with null rates before anything resolved', () => {
    const stats = computePerformanceStats([], 80);
    expect(stats).toMatchObject({
      empty: true,
      totalSignals: 0,
      winRateFirstWindow: null,
      winRateWithMartingale: null,
      avgConfidence: null,
    });
    expect(stats.winsByLevel).toEqual([0, 0, 0, 0]);
    expect(ZPerformanceStats.parse(stats)).toEqual(stats);
  });

  it('counts wins, losses and breakevens and derives both rates from them', () => {
    const stats = computePerformanceStats(
      [
        s('profit', { confidence: 55 }),
        s('loss', { confidence: 60 }),
        s('profit', { confidence: 70, resolvedLevel: 2 }),
        s('breakeven', { confidence: 65 }),
      ],
      80,
    );
    expect(stats).toMatchObject({
      empty: false,
      totalSignals: 4,
      wonSignals: 2,
      lostSignals: 1,
      breakevenSignals: 1,
      winRateFirstWindow: 25,
      winRateWithMartingale: 50,
      avgConfidence: 62.5,
      winsByLevel: [1, 0, 1, 0],
    });
    // At 80 %: first window 0.8 - 1 - 1 (the level-2 win and the loss lost it) + 0, over 4 = -0.3;
    // the plan: +0.8, +(3.2 - 3) = 0.2, 0, -15 (a full run), over 4 = -3.5.
    // The break-even counts the first-window breakeven as the rate does (a non-win that costs nothing):
    // w × 0.8 = 1 − w − 0.25, w = 41.7 %.
    expect(stats.evidence.firstWindow).toMatchObject({ won: 1, total: 4, breakEven: 41.7, expectedValue: -0.3 });
    expect(stats.evidence.withMartingale).toMatchObject({ won: 2, total: 4, expectedValue: -3.5 });
    expect(ZPerformanceStats.parse(stats)).toEqual(stats);
  });

  it('rounds both rates to one decimal', () => {
    const stats = computePerformanceStats([s('profit'), s('loss'), s('profit', { resolvedLevel: 1 })], 80);
    expect(stats.winRateFirstWindow).toBe(33.3);
    expect(stats.winRateWithMartingale).toBe(66.7);
  });

  it('never calls a recovery a first-window win: a level-1 win alone is 0% in the first window', () => {
    const stats = computePerformanceStats([s('profit', { resolvedLevel: 1 })], 80);
    expect(stats.winRateFirstWindow).toBe(0);
    expect(stats.winRateWithMartingale).toBe(100);
    expect(stats.winsByLevel).toEqual([0, 1, 0, 0]);
  });

  it('gives 1 win in 100 as 1 (percent), not as a fraction', () => {
    const outcomes = [s('profit'), ...Array.from({ length: 99 }, () => s('loss'))];
    const stats = computePerformanceStats(outcomes, 80);
    expect(stats.winRateFirstWindow).toBe(1);
    expect(stats.winRateWithMartingale).toBe(1);
  });

  it('groups by asset and by direction', () => {
    const stats = computePerformanceStats(
      [
        s('profit', { asset: 'XAU/USD', direction: 'PUT' }),
        s('loss', { asset: 'XAU/USD', direction: 'CALL' }),
        s('profit', { asset: 'GBP/USD', direction: 'PUT', resolvedLevel: 2 }),
      ],
      80,
    );
    expect(stats.byAsset).toEqual([
      { asset: 'XAU/USD', total: 2, won: 1, wonFirstWindow: 1 },
      { asset: 'GBP/USD', total: 1, won: 1, wonFirstWindow: 0 },
    ]);
    expect(stats.byDirection).toEqual([
      { direction: 'CALL', total: 1, won: 0, wonFirstWindow: 0 },
      { direction: 'PUT', total: 2, won: 2, wonFirstWindow: 1 },
    ]);
  });

  it('finds the longest run of losses in order, broken by a win or a breakeven', () => {
    const outcomes = ['loss', 'loss', 'profit', 'loss', 'loss', 'loss', 'breakeven', 'loss'] as const;
    const stats = computePerformanceStats(
      outcomes.map((o) => s(o)),
      80,
    );
    expect(stats.longestLosingStreak).toBe(3);
  });
});

describe('percentOf and formatPercent: one unit (percent) everywhere', () => {
  it('makes a percentage with one decimal, or null with nothing to divide by', () => {
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(1, 200)).toBe(0.5);
    expect(percentOf(1, 100)).toBe(1);
    expect(percentOf(999, 1000)).toBe(99.9);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBeNull();
  });

  it.each([
    [0, '0%'],
    [0.5, '0.5%'],
    [1, '1%'],
    [99.9, '99.9%'],
    [100, '100%'],
    [33.333, '33.3%'],
    [0.04, '0%'],
  ])('shows %s as %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
});

describe('signalResultLabel', () => {
  const base = { status: 'closed' as const, outcome: 'profit' as const, resolvedLevel: 0, activeLevel: 0 };
  it('says at which level a signal won, so a recovery never reads as a plain win', () => {
    expect(signalResultLabel(base)).toBe('Won in first window');
    expect(signalResultLabel({ ...base, resolvedLevel: 1, activeLevel: 1 })).toBe('Won at L1');
    expect(signalResultLabel({ ...base, status: 'hit_tp', resolvedLevel: 2, activeLevel: 2 })).toBe('Won at L2');
  });
  it('says where a signal lost or broke even', () => {
    expect(signalResultLabel({ status: 'expired', outcome: 'loss', resolvedLevel: null, activeLevel: 3 })).toBe(
      'Lost after L3',
    );
    expect(signalResultLabel({ status: 'hit_sl', outcome: 'loss', resolvedLevel: null, activeLevel: 1 })).toBe(
      'Lost at L1 (stop loss)',
    );
    expect(signalResultLabel({ status: 'hit_sl', outcome: 'loss', resolvedLevel: null, activeLevel: 0 })).toBe(
      'Lost in first window (stop loss)',
    );
    expect(signalResultLabel({ ...base, outcome: 'breakeven' })).toBe('Breakeven in first window');
    expect(signalResultLabel({ ...base, outcome: 'breakeven', resolvedLevel: 2 })).toBe('Breakeven at L2');
  });
  it('says a running signal is pending, and at which recovery level', () => {
    expect(signalResultLabel({ status: 'active', outcome: null, resolvedLevel: null, activeLevel: 0 })).toBe('Pending');
    expect(signalResultLabel({ status: 'active', outcome: null, resolvedLevel: null, activeLevel: 2 })).toBe(
      'Pending: recovery at L2',
    );
  });
});
