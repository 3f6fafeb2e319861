import {
  countdownAt,
  delayedSignals,
  type RealtimeSnapshot,
  type SignalTier,
  signalAccessMode,
  signalTierOf,
  signalViewFor,
  type TCountdown,
  type TierDailyLimits,
  type TPerformanceStats,
  type TSignal,
  type TSignalView,
  type TUser,
} from '@signalroom/shared';
import type { LiveDataSource } from './live-data.source.js';

/** How many recent signals a snapshot carries (the signal room's list). */
export const SNAPSHOT_SIGNAL_COUNT = 10;

/** The shared part of snapshots, read once and cut per member. */
export interface LiveData {
  signals: TSignal[];
  stats: TPerformanceStats;
  countdown: TCountdown;
}

/** Reads what every snapshot is cut from. */
export async function loadLiveData(source: LiveDataSource): Promise<LiveData> {
  const [signals, stats, countdown] = await Promise.all([
    source.latestSignals(SNAPSHOT_SIGNAL_COUNT),
    source.performanceStats(),
    source.countdown(),
  ]);
  return { signals, stats, countdown };
}

/**
 * One member's snapshot, by their access at this moment: signals as their tier's views (teasers past
 * the day's allowance) and statistics with live access; in the trial, only the signals whose primary
 * window has closed, and statistics; guests after their trial, locked members and anonymous sockets
 * get the countdown and nothing else. This is also the catch-up after a reconnect, so a member revoked
 * while away gets nothing replayed.
 */
export function cutSnapshot(
  data: LiveData,
  user: TUser | null,
  limits: TierDailyLimits,
  now: Date = new Date(),
): RealtimeSnapshot {
  // The time left is recomputed from the deadline, so a cached read never shows a stale figure.
  const countdown = countdownAt(data.countdown.deadline ? new Date(data.countdown.deadline) : null, now);
  const mode = signalAccessMode(user, now);
  if (!user || mode === 'none') return { user, signals: [], stats: null, countdown };
  const tier = signalTierOf(user);
  if (!tier) {
    return {
      user,
      signals: delayedSignals(data.signals.slice(0, SNAPSHOT_SIGNAL_COUNT), now),
      stats: data.stats,
      countdown,
    };
  }
  return { user, signals: tierViews(data, tier, limits), stats: data.stats, countdown };
}

// A tier's views of one read, cut once and shared by every member of the tier (a storm's snapshots then
// cost no per-member work beyond the countdown and the envelope). Pure of time: kept with the read.
const viewsOfRead = new WeakMap<LiveData, { limits: TierDailyLimits; byTier: Map<SignalTier, TSignalView[]> }>();

function tierViews(data: LiveData, tier: SignalTier, limits: TierDailyLimits): TSignalView[] {
  let memo = viewsOfRead.get(data);
  if (!memo || memo.limits !== limits) {
    memo = { limits, byTier: new Map() };
    viewsOfRead.set(data, memo);
  }
  let views = memo.byTier.get(tier);
  if (!views) {
    views = data.signals.slice(0, SNAPSHOT_SIGNAL_COUNT).map((signal) => signalViewFor(signal, tier, limits));
    memo.byTier.set(tier, views);
  }
  return views;
}

/**
 * Snapshot data shared by every socket of this process (a reconnect storm after a deploy would
 * otherwise read the same rows thousands of times): read once per change. Dropped whenever a signal,
 * the statistics or the countdown change on the bus (sync points included, every 10 s), and after a bus
 * reconnect, so a cached read is never older than the last event its sockets were already in the rooms
 * for. The time bound is only a backstop for an event the bus lost without reconnecting.
 */
export interface LiveDataCache {
  get(): Promise<LiveData>;
  invalidate(): void;
}

export function createLiveDataCache(source: LiveDataSource, ttlMs = 15_000): LiveDataCache {
  let cached: { at: number; promise: Promise<LiveData> } | null = null;
  return {
    get() {
      const now = Date.now();
      if (cached && now - cached.at < ttlMs) return cached.promise;
      const promise = loadLiveData(source);
      const entry = { at: now, promise };
      cached = entry;
      // A failed load is not cached (its caller reports it); the next snapshot loads again.
      promise.catch(() => {
        if (cached === entry) cached = null;
      });
      return promise;
    },
    invalidate() {
      cached = null;
    },
  };
}
