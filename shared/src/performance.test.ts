import { describe, expect, it } from 'vitest';
import { computePerformanceStats, type ResolvedSignalFacts } from './performance.js';
import { ZPerformanceStats } from './signals.js';

const s = (outcome: ResolvedSignalFacts['outcome'], extra: Partial<ResolvedSignalFacts> = {}): ResolvedSignalFacts => ({
  asset: 'EUR/USD (OTC)',
  direction: 'CALL',
  confidence: 60,
  outcome,
  resolvedLevel: outcome === 'loss' ? null : 0,
  ...extra,
});

describe('computePerformanceStats', () => {
  it('is empty with null rates before anything resolved', () => {
    const stats = computePerformanceStats([]);
    expect(stats).toMatchObject({ empty: true, totalSignals: 0, winRate: null, avgConfidence: null });
    expect(stats.winsByLevel).toEqual([0, 0, 0, 0]);
    expect(ZPerformanceStats.parse(stats)).toEqual(stats);
  });

  it('counts wins, losses and breakevens and derives the rate from them', () => {
    const stats = computePerformanceStats([
      s('profit', { confidence: 55 }),
      s('loss', { confidence: 60 }),
      s('profit', { confidence: 70, resolvedLevel: 2 }),
      s('breakeven', { confidence: 65 }),
    ]);
    expect(stats).toMatchObject({
      empty: false,
      totalSignals: 4,
      wonSignals: 2,
      lostSignals: 1,
      breakevenSignals: 1,
      winRate: 50,
      avgConfidence: 62.5,
      winsByLevel: [1, 0, 1, 0],
    });
    expect(ZPerformanceStats.parse(stats)).toEqual(stats);
  });

  it('rounds the win rate to one decimal', () => {
    const stats = computePerformanceStats([s('profit'), s('loss'), s('loss')]);
    expect(stats.winRate).toBe(33.3);
  });

  it('groups by asset and by direction', () => {
    const stats = computePerformanceStats([
      s('profit', { asset: 'XAU/USD', direction: 'PUT' }),
      s('loss', { asset: 'XAU/USD', direction: 'CALL' }),
      s('profit', { asset: 'GBP/USD', direction: 'PUT' }),
    ]);
    expect(stats.byAsset).toEqual([
      { asset: 'XAU/USD', total: 2, won: 1 },
      { asset: 'GBP/USD', total: 1, won: 1 },
    ]);
    expect(stats.byDirection).toEqual([
      { direction: 'CALL', total: 1, won: 0 },
      { direction: 'PUT', total: 2, won: 2 },
    ]);
  });

  it('finds the longest run of losses in order, broken by a win or a breakeven', () => {
    const outcomes = ['loss', 'loss', 'profit', 'loss', 'loss', 'loss', 'breakeven', 'loss'] as const;
    const stats = computePerformanceStats(outcomes.map((o) => s(o)));
    expect(stats.longestLosingStreak).toBe(3);
  });
});
