import {
  countdownAt,
  DEFAULT_TIER_DAILY_SIGNAL_LIMITS,
  type TCountdown,
  type TierDailyLimits,
  type TPerformanceStats,
  type TSignal,
} from '@signalroom/shared';
import type { AppConfig } from '../config.js';
import type { ServerContext } from '../context.js';

/**
 * What realtime reads to build a snapshot: the signal engine's server module answers these from the
 * database. Kept as a small interface so push does not depend on how signals are stored.
 */
export interface LiveDataSource {
  /** The most recent signals, newest first, in full (views are cut per member by the caller). */
  latestSignals(limit: number): Promise<TSignal[]>;
  /** Statistics from resolved signals. */
  performanceStats(): Promise<TPerformanceStats>;
  /** The offer countdown now. */
  countdown(): Promise<TCountdown>;
}

/** Daily full-signal allowance per tier room (DECISIONS.md): silver from configuration, pro 50, gold unlimited. */
export function tierLimitsFor(config: Pick<AppConfig, 'SILVER_DAILY_LIMIT'>): TierDailyLimits {
  return { ...DEFAULT_TIER_DAILY_SIGNAL_LIMITS, silver: config.SILVER_DAILY_LIMIT };
}

/** The live data source of a server context. */
export function createLiveDataSource(ctx: ServerContext): LiveDataSource {
  return {
    async latestSignals() {
      return [];
    },
    async performanceStats() {
      return {
        empty: true,
        totalSignals: 0,
        wonSignals: 0,
        lostSignals: 0,
        breakevenSignals: 0,
        winRate: null,
        avgConfidence: null,
        winsByLevel: [0, 0, 0, 0],
        byAsset: [],
        byDirection: [],
        longestLosingStreak: 0,
      };
    },
    async countdown() {
      return countdownAt(null, ctx.now());
    },
  };
}
