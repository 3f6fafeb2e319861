import {
  type AccessFields,
  DEFAULT_TIER_DAILY_SIGNAL_LIMITS,
  delayedSignals,
  emptyPerformanceStats,
  nextSignalBoundary,
  type SignalAccessMode,
  signalAccessMode,
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
import type { SlotGapRow } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { decodePageCursor } from '../../http/page-cursor.js';
import { countedRecord, performanceFigures } from '../track-record/record-figures.js';
import { refreshRecord } from '../track-record/track-record.service.js';
import { signalListCacheOf } from './signal-list.cache.js';
import {
  countMembers,
  findClosedSignals,
  findLastSignalTime,
  findSignals,
  findSignalsPage,
  findSlotGaps,
} from './signals.repository.js';

/** Daily full-signal allowance per tier (docs/decisions.md, "Daily allowances"): silver from configuration, pro 50, gold unlimited. */
export function tierDailyLimits(ctx: Pick<ServerContext, 'config'>): TierDailyLimits {
  return { ...DEFAULT_TIER_DAILY_SIGNAL_LIMITS, silver: ctx.config.SILVER_DAILY_LIMIT };
}

/** How many of the day's signals the member's room shows in full: null for all (gold, and no live room). */
export function dailyAllowanceOf(ctx: Pick<ServerContext, 'config'>, user: AccessFields): number | null {
  const tier = signalTierOf(user);
  return tier ? tierDailyLimits(ctx)[tier] : null;
}

/**
/**
 * How this member may see signals now (live, delayed in the trial, or not at all); 403 for none. The
 * trial ends at `trialEndsAt` to the second: the next call after it is refused. Admins are always live.
 */
export function requireSignalAccessMode(ctx: ServerContext, user: TUser): Exclude<SignalAccessMode, 'none'> {
  const mode = signalAccessMode(user, ctx.now());
  if (mode === 'none') throw AppError.forbidden();
  return mode;
}

/**
 * The signal list a member may see, and the cursor of its next (older) page. Live members: every signal,
 * each cut to the member's tier (the first N of the operator's day in full, a locked teaser after that;
 * an admin sees the gold room's view). Trial members: only signals whose primary window has closed, in
 * full (they are history by then, nothing left to trade). Newest first, a page goes back from `before`
 * (the previous page's cursor) and stops at `since`; the first page of live members is the shared cached
 * read and carries an ETag.
 */
export async function listSignalsFor(
  ctx: ServerContext,
  user: TUser,
  query: TSignalListQuery,
): Promise<{ signals: TSignalView[]; etag: string | null; nextCursor: string | null }> {
  requireSignalAccessMode(ctx, user);
  const tier = signalTierOf(user);
  const before = decodePageCursor(query.before);
  const since = query.since ?? null;
  if (!tier) {
    const now = ctx.now();
    // The database picks only closed windows; the shared rule checks again against the same clock.
    // This view changes with time alone (a window closes), so it carries no validator.
    if (query.sortOrder === 'asc') {
      const signals = delayedSignals(await findClosedSignals(ctx.db, now, query.limit, 'asc'), now);
      return { signals, etag: null, nextCursor: null };
    }
    const page = await findSignalsPage(ctx.db, { limit: query.limit, before, since, closedBy: now });
    return { signals: delayedSignals(page.signals, now), etag: null, nextCursor: page.nextCursor };
  }
  const limits = tierDailyLimits(ctx);
  if (before || since) {
    const page = await findSignalsPage(ctx.db, { limit: query.limit, before, since, closedBy: null });
    return {
      signals: page.signals.map((s) => signalViewFor(s, tier, limits)),
      etag: null,
      nextCursor: page.nextCursor,
    };
  }
  const list = await signalListCacheOf(ctx).get(query.limit, query.sortOrder);
  return {
    signals: list.signals.map((s) => signalViewFor(s, tier, limits)),
    // The same list, tier and allowance give the same answer: a poll that repeats it gets 304.
    etag: `"${list.version}-${tier}-${limits[tier] ?? 'all'}"`,
    nextCursor: list.nextCursor,
  };
}

/** The newest signals in full, newest first (for snapshots, cut per member by the caller). */
export function latestSignals(ctx: ServerContext, limit: number): Promise<TSignal[]> {
  return findSignals(ctx.db, limit, 'desc');
}

/**
 * Statistics of the counted signals of the track record's log (resolved, public, witnessed in time),
 * `empty` with nulls until one counts; empty and `recordBroken` while figures are withheld (the log does
 * not hold, or its witnesses refused it or have not cosigned for two slots).
 */
export async function performanceStats(
  ctx: Pick<ServerContext, 'record' | 'db' | 'now' | 'config'>,
): Promise<TPerformanceStats> {
  const status = await refreshRecord(ctx);
  const record = countedRecord(ctx.record, ctx.now(), ctx.config.PAYOUT_PERCENT);
  if (status.withheld) return { ...emptyPerformanceStats(record.payoutPercent), recordBroken: true };
  return { ...performanceFigures(record), recordBroken: false };
}

/**
 * Landing-page figures, counted from records: members from the accounts, signals and markets from the
 * log, both rates from its counted signals (null until one counts, and while figures are withheld).
 */
export async function publicStats(
  ctx: Pick<ServerContext, 'record' | 'db' | 'now' | 'config' | 'market'>,
): Promise<TPublicStats> {
  const [members, stats] = await Promise.all([countMembers(ctx.db), performanceStats(ctx)]);
  const logged = ctx.record.view.signals();
  // When the newest signal's window opened: whether the room is live.
  const lastIssued = logged.reduce((max, s) => Math.max(max, s.windowStart), Number.NEGATIVE_INFINITY);
  return {
    members,
    signalsIssued: logged.length,
    resolvedSignals: stats.totalSignals,
    marketsCovered: new Set(logged.map((s) => s.asset)).size,
    winRateFirstWindow: stats.winRateFirstWindow,
    winRateWithMartingale: stats.winRateWithMartingale,
    winsByLevel: stats.recordBroken ? [] : stats.winsByLevel,
    recordBroken: stats.recordBroken ?? false,
    marketSource: ctx.market.info.id,
    lastSignalAt: Number.isFinite(lastIssued) ? new Date(lastIssued).toISOString() : null,
    evidence: stats.evidence,
  };
}

/** Why the newest `slots` slots (the current one included) yielded no signal, oldest first (health). */
export function recentSlotGaps(ctx: ServerContext, slots: number): Promise<SlotGapRow[]> {
  const to = nextSignalBoundary(ctx.now(), ctx.config.SIGNAL_INTERVAL_MS);
  return findSlotGaps(ctx.db, { from: new Date(to.getTime() - slots * ctx.config.SIGNAL_INTERVAL_MS), to });
}

/** When the newest signal was issued (health). */
export function lastSignalAt(ctx: ServerContext): Promise<Date | null> {
  return findLastSignalTime(ctx.db);
}
