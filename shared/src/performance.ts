import { TIMING } from './constants.js';
import type { TPerformanceStats } from './signals.js';

/** The fields of a resolved signal that statistics need. */
export interface ResolvedSignalFacts {
  asset: string;
  direction: 'CALL' | 'PUT';
  confidence: number;
  outcome: 'profit' | 'loss' | 'breakeven';
  resolvedLevel: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Statistics before anything resolved: empty, with nulls where a rate would be invented. */
export function emptyPerformanceStats(): TPerformanceStats {
  return {
    empty: true,
    totalSignals: 0,
    wonSignals: 0,
    lostSignals: 0,
    breakevenSignals: 0,
    winRate: null,
    avgConfidence: null,
    winsByLevel: Array.from({ length: TIMING.martingaleMaxLevel + 1 }, () => 0),
    byAsset: [],
    byDirection: [],
    longestLosingStreak: 0,
  };
}

/**
 * Aggregates resolved signals, given oldest first (the losing streak depends on the order).
 * winRate is won / all resolved (breakevens count as not won), in percent with one decimal;
 * a win at any martingale level is a win, and `winsByLevel` shows where it came.
 */
export function computePerformanceStats(signals: readonly ResolvedSignalFacts[]): TPerformanceStats {
  if (signals.length === 0) return emptyPerformanceStats();
  const stats = emptyPerformanceStats();
  const byAsset = new Map<string, { total: number; won: number }>();
  const byDirection = new Map<'CALL' | 'PUT', { total: number; won: number }>();
  let confidenceSum = 0;
  let streak = 0;
  for (const s of signals) {
    const won = s.outcome === 'profit';
    stats.totalSignals += 1;
    confidenceSum += s.confidence;
    if (won) {
      stats.wonSignals += 1;
      const level = s.resolvedLevel ?? 0;
      stats.winsByLevel[level] = (stats.winsByLevel[level] ?? 0) + 1;
    } else if (s.outcome === 'loss') stats.lostSignals += 1;
    else stats.breakevenSignals += 1;

    streak = s.outcome === 'loss' ? streak + 1 : 0;
    stats.longestLosingStreak = Math.max(stats.longestLosingStreak, streak);

    const a = byAsset.get(s.asset) ?? { total: 0, won: 0 };
    a.total += 1;
    if (won) a.won += 1;
    byAsset.set(s.asset, a);
    const d = byDirection.get(s.direction) ?? { total: 0, won: 0 };
    d.total += 1;
    if (won) d.won += 1;
    byDirection.set(s.direction, d);
  }
  stats.empty = false;
  stats.winRate = round1((stats.wonSignals / stats.totalSignals) * 100);
  stats.avgConfidence = round1(confidenceSum / stats.totalSignals);
  stats.byAsset = [...byAsset.entries()]
    .map(([asset, v]) => ({ asset, ...v }))
    .sort((x, y) => y.total - x.total || x.asset.localeCompare(y.asset));
  stats.byDirection = (['CALL', 'PUT'] as const)
    .filter((direction) => byDirection.has(direction))
    .map((direction) => ({ direction, ...(byDirection.get(direction) as { total: number; won: number }) }));
  return stats;
}
