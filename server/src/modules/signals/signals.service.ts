import {
  DEFAULT_TIER_DAILY_SIGNAL_LIMITS,
  signalTierOf,
  signalViewFor,
  type TierDailyLimits,
  type TPerformanceStats,
  type TPublicStats,
  type TSignal,
  type TSignalListQuery,
  type TSignalView,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { countPublicFigures, findLastSignalTime, findPerformanceStats, findSignals } from './signals.repository.js';

/** Daily full-signal allowance per tier (DECISIONS.md): silver from configuration, pro 50, gold unlimited. */
export function tierDailyLimits(ctx: Pick<ServerContext, 'config'>): TierDailyLimits {
  return { ...DEFAULT_TIER_DAILY_SIGNAL_LIMITS, silver: ctx.config.SILVER_DAILY_LIMIT };
}

/**
 * The signal list a member may see: every signal of the page, each cut to the member's tier (the first
 * N of the operator's day in full, a locked teaser after that; an admin sees the gold room's view).
 * Callers have checked signal access.
 */
export async function listSignalsFor(ctx: ServerContext, user: TUser, query: TSignalListQuery): Promise<TSignalView[]> {
  const tier = signalTierOf(user);
  if (!tier) return [];
  const limits = tierDailyLimits(ctx);
  const signals = await findSignals(ctx.db, query.limit, query.sortOrder);
  return signals.map((s) => signalViewFor(s, tier, limits));
}

/** The newest signals in full, newest first (for snapshots, cut per member by the caller). */
export function latestSignals(ctx: ServerContext, limit: number): Promise<TSignal[]> {
  return findSignals(ctx.db, limit, 'desc');
}

/** Statistics from resolved signals only; `empty` with nulls until one has resolved. */
export function performanceStats(ctx: ServerContext): Promise<TPerformanceStats> {
  return findPerformanceStats(ctx.db);
}

/** Landing-page figures, counted from records; the win rate is null until a signal has resolved. */
export async function publicStats(ctx: ServerContext): Promise<TPublicStats> {
  const [figures, stats] = await Promise.all([countPublicFigures(ctx.db), findPerformanceStats(ctx.db)]);
  return {
    ...figures,
    winRate: stats.winRate,
    marketSource: ctx.config.MARKET_FEED_URL ? 'feed' : 'simulated',
  };
}

/** When the newest signal was issued (health). */
export function lastSignalAt(ctx: ServerContext): Promise<Date | null> {
  return findLastSignalTime(ctx.db);
}
