import { TIMING } from './constants.js';
import { computeWinRateEvidence } from './evidence.schemas.js';
import type { TPerformanceStats } from './performance.schemas.js';
import { DIRECTIONS, type Direction } from './signals/direction.js';
import type { TSignal } from './signals/signal.js';

/** The fields of a resolved signal that statistics need. */
export interface ResolvedSignalFacts {
  asset: string;
  direction: Direction;
  confidence: number;
  outcome: 'profit' | 'loss' | 'breakeven';
  resolvedLevel: number | null;
  /** The last martingale level played: where a loss ended (3 for a full run, earlier on a stop loss). */
  activeLevel: number;
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

const levelZeros = () => Array.from({ length: TIMING.martingaleMaxLevel + 1 }, () => 0);

/**
 * Statistics before anything resolved: empty, with nulls where a rate would be invented. The payout
 * (PAYOUT_PERCENT) gives the break-even rates the evidence states even then.
 */
export function emptyPerformanceStats(payoutPercent: number): TPerformanceStats {
  return {
    empty: true,
    totalSignals: 0,
    wonSignals: 0,
    lostSignals: 0,
    breakevenSignals: 0,
    winRateFirstWindow: null,
    winRateWithMartingale: null,
    avgConfidence: null,
    winsByLevel: levelZeros(),
    byAsset: [],
    byDirection: [],
    longestLosingStreak: 0,
    evidence: computeWinRateEvidence({ won: levelZeros(), breakeven: levelZeros(), lost: levelZeros() }, payoutPercent),
  };
}

interface GroupRecord {
  total: number;
  won: number;
  wonFirstWindow: number;
}

/**
 * What statistics are made of: counts that add up (the database sums them in one pass, see
 * `loadPerformanceStats`), and the longest losing streak, which depends on the order of the slots.
 */
export interface PerformanceAggregates {
  total: number;
  won: number;
  lost: number;
  breakeven: number;
  confidenceSum: number;
  /** Wins at each martingale level, 0 (first window) to TIMING.martingaleMaxLevel. */
  winsByLevel: number[];
  /** Breakevens at each level, and losses by the last level played: with the wins, what each signal paid. */
  breakevensByLevel: number[];
  lossesByLevel: number[];
  byAsset: Array<{ asset: string } & GroupRecord>;
  byDirection: Array<{ direction: Direction } & GroupRecord>;
  longestLosingStreak: number;
}

function addTo<K>(map: Map<K, GroupRecord>, key: K, won: boolean, firstWindow: boolean): void {
  const record = map.get(key) ?? { total: 0, won: 0, wonFirstWindow: 0 };
  record.total += 1;
  if (won) record.won += 1;
  if (won && firstWindow) record.wonFirstWindow += 1;
  map.set(key, record);
}

/**
 * Statistics from their aggregates. Two rates, both out of every resolved signal (breakevens count as
 * not won), in percent with one decimal: `winRateFirstWindow` counts wins at level 0 only,
 * `winRateWithMartingale` wins at any level; `winsByLevel` shows where each win came.
 */
export function performanceStatsFrom(a: PerformanceAggregates, payoutPercent: number): TPerformanceStats {
  if (a.total === 0) return emptyPerformanceStats(payoutPercent);
  const stats = emptyPerformanceStats(payoutPercent);
  stats.empty = false;
  stats.totalSignals = a.total;
  stats.wonSignals = a.won;
  stats.lostSignals = a.lost;
  stats.breakevenSignals = a.breakeven;
  stats.winsByLevel = stats.winsByLevel.map((_, level) => a.winsByLevel[level] ?? 0);
  stats.longestLosingStreak = a.longestLosingStreak;
  stats.winRateFirstWindow = percentOf(stats.winsByLevel[0] ?? 0, a.total);
  stats.winRateWithMartingale = percentOf(a.won, a.total);
  stats.avgConfidence = round1(a.confidenceSum / a.total);
  const byLevel = (counts: readonly number[]) => levelZeros().map((_, level) => counts[level] ?? 0);
  stats.evidence = computeWinRateEvidence(
    { won: stats.winsByLevel, breakeven: byLevel(a.breakevensByLevel), lost: byLevel(a.lossesByLevel) },
    payoutPercent,
  );
  stats.byAsset = a.byAsset
    .map(({ asset, total, won, wonFirstWindow }) => ({ asset, total, won, wonFirstWindow }))
    .sort((x, y) => y.total - x.total || x.asset.localeCompare(y.asset));
  stats.byDirection = DIRECTIONS.flatMap((direction) => {
    const record = a.byDirection.find((d) => d.direction === direction);
    return record ? [{ direction, total: record.total, won: record.won, wonFirstWindow: record.wonFirstWindow }] : [];
  });
  return stats;
}

/**
 * Folds resolved signals, given oldest first, into aggregates: counts add up, and the losing streak
 * follows the order (the current run of losses is kept, so a later batch continues it). `copy` lets a
 * settled prefix be kept while a tail is folded into its copy.
 */
export interface PerformanceAccumulator {
  add(signal: ResolvedSignalFacts): void;
  aggregates(): PerformanceAggregates;
  copy(): PerformanceAccumulator;
}

export function createPerformanceAccumulator(from?: PerformanceAggregates & { currentLosses?: number }) {
  const a: PerformanceAggregates = structuredClone(
    from ?? {
      total: 0,
      won: 0,
      lost: 0,
      breakeven: 0,
      confidenceSum: 0,
      winsByLevel: [],
      breakevensByLevel: [],
      lossesByLevel: [],
      byAsset: [],
      byDirection: [],
      longestLosingStreak: 0,
    },
  );
  const byAsset = new Map<string, GroupRecord>(a.byAsset.map(({ asset, ...g }) => [asset, g]));
  const byDirection = new Map<Direction, GroupRecord>(a.byDirection.map(({ direction, ...g }) => [direction, g]));
  let currentLosses = from?.currentLosses ?? 0;
  const accumulator: PerformanceAccumulator = {
    add(s) {
      const won = s.outcome === 'profit';
      const level = s.resolvedLevel ?? 0;
      a.total += 1;
      a.confidenceSum += s.confidence;
      if (won) {
        a.won += 1;
        a.winsByLevel[level] = (a.winsByLevel[level] ?? 0) + 1;
      } else if (s.outcome === 'loss') {
        a.lost += 1;
        a.lossesByLevel[s.activeLevel] = (a.lossesByLevel[s.activeLevel] ?? 0) + 1;
      } else {
        a.breakeven += 1;
        a.breakevensByLevel[level] = (a.breakevensByLevel[level] ?? 0) + 1;
      }
      currentLosses = s.outcome === 'loss' ? currentLosses + 1 : 0;
      a.longestLosingStreak = Math.max(a.longestLosingStreak, currentLosses);
      addTo(byAsset, s.asset, won, level === 0);
      addTo(byDirection, s.direction, won, level === 0);
    },
    aggregates() {
      return {
        ...a,
        winsByLevel: [...a.winsByLevel],
        breakevensByLevel: [...a.breakevensByLevel],
        lossesByLevel: [...a.lossesByLevel],
        byAsset: [...byAsset.entries()].map(([asset, v]) => ({ asset, ...v })),
        byDirection: [...byDirection.entries()].map(([direction, v]) => ({ direction, ...v })),
      };
    },
    copy() {
      return createPerformanceAccumulator({ ...accumulator.aggregates(), currentLosses });
    },
  };
  return accumulator;
}

/** Aggregates resolved signals given oldest first (the losing streak depends on the order). */
export function computePerformanceStats(
  signals: readonly ResolvedSignalFacts[],
  payoutPercent: number,
): TPerformanceStats {
  const accumulator = createPerformanceAccumulator();
  for (const s of signals) accumulator.add(s);
  return performanceStatsFrom(accumulator.aggregates(), payoutPercent);
}

/** A martingale level as the pages name it: "first window" for level 0, "L1" to "L3" for recovery. */
export function levelName(level: number): string {
  return level === 0 ? 'first window' : `L${level}`;
}

type ResultFacts = Pick<TSignal, 'status' | 'outcome' | 'resolvedLevel'> & { activeLevel?: number | undefined };

/**
 * What became of a signal, with the martingale level it took, so a recovery is never shown as a plain
 * win: "Won in first window", "Won at L1", "Breakeven at L2", "Lost after L3", "Lost at L1 (stop loss)",
 * and while it runs "Pending" or "Pending: recovery at L2"; a void one "Void: no closing price" (neither
 * won nor lost).
 */
export function signalResultLabel(signal: ResultFacts): string {
  const level = signal.activeLevel ?? 0;
  if (signal.status === 'void') return 'Void: no closing price';
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
