import type { TCountdown, TierDailyLimits, TPerformanceStats, TSignal } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { currentCountdown } from '../modules/countdown/countdown.service.js';
import { latestSignals, performanceStats, tierDailyLimits } from '../modules/signals/signals.service.js';

/**
 * What realtime reads to build a snapshot. The signal engine's server modules answer it from the
 * database; kept as a small interface so push does not depend on how signals are stored.
 */
export interface LiveDataSource {
  /** The most recent signals, newest first, in full (views are cut per member by the caller). */
  latestSignals(limit: number): Promise<TSignal[]>;
  /** Statistics from resolved signals. */
  performanceStats(): Promise<TPerformanceStats>;
  /** The offer countdown now. */
  countdown(): Promise<TCountdown>;
}

/** Daily full-signal allowance per tier room: the same rule the REST list applies. */
export function tierLimitsFor(ctx: Pick<ServerContext, 'config'>): TierDailyLimits {
  return tierDailyLimits(ctx);
}

/** The live data source of a server context: the signals and countdown modules. */
export function createLiveDataSource(ctx: ServerContext): LiveDataSource {
  return {
    latestSignals: (limit) => latestSignals(ctx, limit),
    performanceStats: () => performanceStats(ctx),
    countdown: () => currentCountdown(ctx),
  };
}
