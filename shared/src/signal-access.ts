import type { Tier } from './constants.js';
import type { TLockedSignal, TSignal, TSignalView } from './signals.js';
import { hasSignalAccess, type TUser } from './user.js';

/** Daily full-signal allowance per non-guest tier; null is unlimited. */
export type TierDailyLimits = Record<Exclude<Tier, 'guest'>, number | null>;

/**
 * What a tier's room may see of a signal: the first N signals of the operator's day in full, then a
 * locked teaser (docs/decisions.md, "Who may do what"). Guests see nothing live; callers must not call
 * this for them.
 */
export function signalViewFor(signal: TSignal, tier: Exclude<Tier, 'guest'>, limits: TierDailyLimits): TSignalView {
  const limit = limits[tier];
  if (limit === null || signal.daySequence <= limit) return signal;
  const teaser: TLockedSignal = {
    id: signal.id,
    createdAt: signal.createdAt,
    expiresAt: signal.expiresAt,
    daySequence: signal.daySequence,
    locked: true,
  };
  return teaser;
}

/**
 * How a member may see signals (docs/decisions.md, "The trial: delayed signals"):
 * - `full`: live, as the tier's room (an unlocked dashboard and a tier other than guest);
 * - `delayed`: the trial, within 24 h of confirming the e-mail: each signal only once its primary
 *   window has closed, so nothing that can still be traded is given away;
 * - `none`: nothing (no member, or a locked member whose trial has ended).
 */
export type SignalAccessMode = 'full' | 'delayed' | 'none';

type AccessFacts = Pick<TUser, 'dashboardUnlocked' | 'tier'> & Partial<Pick<TUser, 'trialEndsAt'>>;

/** Whether the member's trial is running at `now` (its end is on the server: `trialEndsAt`). */
export function isTrialRunning(user: Partial<Pick<TUser, 'trialEndsAt'>> | null, now: Date): boolean {
  const ends = user?.trialEndsAt ? Date.parse(user.trialEndsAt) : Number.NaN;
  return Number.isFinite(ends) && now.getTime() < ends;
}

/** The member's signal access at `now`; the server enforces the same rule on REST and sockets. */
export function signalAccessMode(user: AccessFacts | null, now: Date): SignalAccessMode {
  if (!user) return 'none';
  if (hasSignalAccess(user)) return 'full';
  return isTrialRunning(user, now) ? 'delayed' : 'none';
}

/** Whether a signal's primary (level 0) window has closed at `now`: only then may a trial member see it. */
export function isPrimaryWindowClosed(signal: Pick<TSignal, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= Date.parse(signal.expiresAt);
}

/** The signals a trial member may see at `now`, in the order given: those whose primary window closed. */
export function delayedSignals<T extends Pick<TSignal, 'expiresAt'>>(signals: readonly T[], now: Date): T[] {
  return signals.filter((signal) => isPrimaryWindowClosed(signal, now));
}
