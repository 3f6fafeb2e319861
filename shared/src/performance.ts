import { TIMING } from './constants.js';
import type { TPerformanceStats, TSignal } from './signals.js';

/** The fields of a resolved signal that statistics need. */
export interface ResolvedSignalFacts {
  asset: string;
  direction: 'CALL' | 'PUT';
  confidence: number;
  outcome: 'profit' | 'loss' | 'breakeven';
  resolvedLevel: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A share as a percentage (0-100) with one decimal, or null when there is nothing to divide by.
 * Every rate of the product is made here, so there is one unit everywhere: percent, never a fraction.
 */
export function percentOf(part: number, total: number): number | null {
  if (total <= 0) return null;
  return round1((part / total) * 100);
}

/**
 * A percentage as people read it: "1%", "0.5%", "99.9%", "100%". The value is always a percentage
 * already (1 means one percent, never 100%); one decimal at most, a trailing ".0" dropped.
 */
export function formatPercent(percent: number): string {
  return `${round1(percent).toFixed(1).replace(/\.0$/, '')}%`;
}

/** Statistics before anything resolved: empty, with nulls where a rate would be invented. */
export function emptyPerformanceStats(): TPerformanceStats {
  return {
    empty: true,
    totalSignals: 0,
    wonSignals: 0,
    lostSignals: 0,
    breakevenSignals: 0,
    winRateFirstWindow: null,
    winRateWithMartingale: null,
    avgConfidence: null,
    winsByLevel: Array.from({ length: TIMING.martingaleMaxLevel + 1 }, () => 0),
    byAsset: [],
    byDirection: [],
    longestLosingStreak: 0,
  };
}

interface GroupRecord {
  total: number;
  won: number;
  wonFirstWindow: number;
}

function addTo<K>(map: Map<K, GroupRecord>, key: K, won: boolean, firstWindow: boolean): void {
  const record = map.get(key) ?? { total: 0, won: 0, wonFirstWindow: 0 };
  record.total += 1;
  if (won) record.won += 1;
  if (won && firstWindow) record.wonFirstWindow += 1;
  map.set(key, record);
}

/**
 * Aggregates resolved signals, given oldest first (the losing streak depends on the order). Two rates,
 * both out of every resolved signal (breakevens count as not won), in percent with one decimal:
 * `winRateFirstWindow` counts wins at level 0 only, `winRateWithMartingale` wins at any level;
 * `winsByLevel` shows where each win came.
 */
export function computePerformanceStats(signals: readonly ResolvedSignalFacts[]): TPerformanceStats {
  if (signals.length === 0) return emptyPerformanceStats();
  const stats = emptyPerformanceStats();
  const byAsset = new Map<string, GroupRecord>();
  const byDirection = new Map<'CALL' | 'PUT', GroupRecord>();
  let confidenceSum = 0;
  let streak = 0;
  for (const s of signals) {
    const won = s.outcome === 'profit';
    const level = s.resolvedLevel ?? 0;
    stats.totalSignals += 1;
    confidenceSum += s.confidence;
    if (won) {
      stats.wonSignals += 1;
      stats.winsByLevel[level] = (stats.winsByLevel[level] ?? 0) + 1;
    } else if (s.outcome === 'loss') stats.lostSignals += 1;
    else stats.breakevenSignals += 1;

    streak = s.outcome === 'loss' ? streak + 1 : 0;
    stats.longestLosingStreak = Math.max(stats.longestLosingStreak, streak);
    addTo(byAsset, s.asset, won, level === 0);
    addTo(byDirection, s.direction, won, level === 0);
  }
  stats.empty = false;
  stats.winRateFirstWindow = percentOf(stats.winsByLevel[0] ?? 0, stats.totalSignals);
  stats.winRateWithMartingale = percentOf(stats.wonSignals, stats.totalSignals);
  stats.avgConfidence = round1(confidenceSum / stats.totalSignals);
  stats.byAsset = [...byAsset.entries()]
    .map(([asset, v]) => ({ asset, ...v }))
    .sort((x, y) => y.total - x.total || x.asset.localeCompare(y.asset));
  stats.byDirection = (['CALL', 'PUT'] as const)
    .filter((direction) => byDirection.has(direction))
    .map((direction) => ({ direction, ...(byDirection.get(direction) as GroupRecord) }));
  return stats;
}

/** A martingale level as the pages name it: "first window" for level 0, "L1" to "L3" for recovery. */
export function levelName(level: number): string {
  return level === 0 ? 'first window' : `L${level}`;
}

type ResultFacts = Pick<TSignal, 'status' | 'outcome' | 'resolvedLevel'> & { activeLevel?: number | undefined };

/**
 * What became of a signal, with the martingale level it took, so a recovery is never shown as a plain
 * win: "Won in first window", "Won at L1", "Breakeven at L2", "Lost after L3", "Lost at L1 (stop loss)",
 * and while it runs "Pending" or "Pending: recovery at L2".
 */
export function signalResultLabel(signal: ResultFacts): string {
  const level = signal.activeLevel ?? 0;
  if (signal.outcome === null) return level === 0 ? 'Pending' : `Pending: recovery at L${level}`;
  if (signal.outcome === 'profit') {
    const at = signal.resolvedLevel ?? 0;
    return at === 0 ? 'Won in first window' : `Won at L${at}`;
  }
  if (signal.outcome === 'breakeven') {
    const at = signal.resolvedLevel ?? 0;
    return at === 0 ? 'Breakeven in first window' : `Breakeven at L${at}`;
  }
  if (signal.status === 'hit_sl')
    return level === 0 ? 'Lost in first window (stop loss)' : `Lost at L${level} (stop loss)`;
  return level === 0 ? 'Lost in first window' : `Lost after L${level}`;
}
