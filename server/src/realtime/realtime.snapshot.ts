import {
  hasSignalAccess,
  type RealtimeSnapshot,
  signalViewFor,
  type TCountdown,
  type TierDailyLimits,
  type TPerformanceStats,
  type TSignal,
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
 * the day's allowance), statistics only with signal access; guests, locked members and anonymous
 * sockets get the countdown and nothing else. This is also the catch-up after a reconnect, so a member
 * revoked while away gets nothing replayed.
 */
export function cutSnapshot(data: LiveData, user: TUser | null, limits: TierDailyLimits): RealtimeSnapshot {
  if (!user || !hasSignalAccess(user) || user.tier === 'guest') {
    return { user, signals: [], stats: null, countdown: data.countdown };
  }
  const tier = user.tier;
  return {
    user,
    signals: data.signals.slice(0, SNAPSHOT_SIGNAL_COUNT).map((signal) => signalViewFor(signal, tier, limits)),
    stats: data.stats,
    countdown: data.countdown,
  };
}
