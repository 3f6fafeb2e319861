import type { Tier } from '../constants.js';
import type { TUser } from '../user.js';
import type { AllowancePool, TLockedSignal, TSignal, TSignalAllowance, TSignalView } from './signal.js';

/** A tier that has a signal room of its own. */
export type SignalTier = Exclude<Tier, 'guest'>;

/** Daily full-signal allowance per non-guest tier; null is unlimited. */
export type TierDailyLimits = Record<SignalTier, number | null>;

/** The fields every access decision reads (the trial's end only where the trial matters). */
export type AccessFields = Pick<TUser, 'tier' | 'dashboardUnlocked' | 'role'> & Partial<Pick<TUser, 'trialEndsAt'>>;

/**
 * Whose room a member's live signals come from, or null when they get none live: an unlocked member of
 * a paid tier gets their tier's room; an admin gets the gold room whatever their own tier, because
 * admins see every member page at full access (docs/decisions.md, "Admins at full access"). The server
 * puts sockets in rooms, cuts snapshots and answers REST by this one rule; the web shows locks by it.
 */
export function signalTierOf(user: AccessFields | null): SignalTier | null {
  if (!user) return null;
  if (user.role === 'admin') return 'gold';
  if (!user.dashboardUnlocked || user.tier === 'guest') return null;
  return user.tier;
}

/** Whether a member receives signals live (REST and push): see `signalTierOf`. */
export function hasSignalAccess(user: AccessFields): boolean {
  return signalTierOf(user) !== null;
}

/** The signal's place in the daily allowance it counts against (its day sequence in older payloads). */
export function allowancePlaceOf(signal: { daySequence: number; allowance?: TSignalAllowance | undefined }): number {
  return signal.allowance?.place ?? signal.daySequence;
}

/**
 * The allowance as its member reads it, for locked signals of these pools: one count for every signal,
 * or the model's and the analysts' counted apart (an `all` or unknown pool reads as one count).
 */
export function allowanceSentence(limit: number | null, pools: readonly (AllowancePool | undefined)[]): string {
  const first = limit === null ? 'all' : `the first ${limit}`;
  if (pools.every((pool) => pool === undefined || pool === 'all')) {
    return `Your tier receives ${first} signals of each day in full.`;
  }
  return `Your tier receives ${first} of the model's signals and ${first} of the analysts' signals of each day in full, counted apart.`;
}

/** A locked signal's place in its pool, when its pool is counted apart ("model's #11"); null otherwise. */
export function allowancePlaceLabel(signal: { allowance?: TSignalAllowance | undefined }): string | null {
  const allowance = signal.allowance;
  if (!allowance || allowance.pool === 'all') return null;
  return `${allowance.pool === 'model' ? "the model's" : "the analysts'"} #${allowance.place}`;
}

/**
 * What a tier's room may see of a signal: the first N signals of the operator's day of its allowance's
 * pool (the model's, the desk's, or all together) in full, then a locked teaser (docs/decisions.md, "Who
 * may do what"). Guests see nothing live; callers must not call this for them.
 */
export function signalViewFor(signal: TSignal, tier: SignalTier, limits: TierDailyLimits): TSignalView {
  const limit = limits[tier];
  if (limit === null || allowancePlaceOf(signal) <= limit) return signal;
  const teaser: TLockedSignal = {
    id: signal.id,
    createdAt: signal.createdAt,
    expiresAt: signal.expiresAt,
    daySequence: signal.daySequence,
    ...(signal.allowance ? { allowance: signal.allowance } : {}),
    locked: true,
  };
  return teaser;
}

/** Whether the member's trial is running at `now` (its end is on the server: `trialEndsAt`). */
export function isTrialRunning(user: Partial<Pick<TUser, 'trialEndsAt'>> | null, now: Date): boolean {
  const ends = user?.trialEndsAt ? Date.parse(user.trialEndsAt) : Number.NaN;
  return Number.isFinite(ends) && now.getTime() < ends;
}

/**
 * Where a member stands in the trial at `now`: `running` (the delayed view) or `ended`; null for whoever
 * has live access (admins included), who has no trial to show, and for no member.
 */
export type TrialStatus = 'running' | 'ended';

export function trialStatus(user: AccessFields | null, now: Date): TrialStatus | null {
  if (!user || signalTierOf(user) !== null) return null;
  return isTrialRunning(user, now) ? 'running' : 'ended';
}

/**
 * How a member may see signals (docs/decisions.md, "The trial: delayed signals"):
 * - `full`: live, as the room of `signalTierOf` (an unlocked paid tier, or an admin: never a trial);
 * - `delayed`: otherwise, within 24 h of confirming the e-mail: each signal only once its primary
 *   window has closed, so nothing that can still be traded is given away;
 * - `none`: nothing (no member, or a member without live access whose trial has ended).
 */
export type SignalAccessMode = 'full' | 'delayed' | 'none';

/** The member's signal access at `now`; the server enforces the same rule on REST and sockets. */
export function signalAccessMode(user: AccessFields | null, now: Date): SignalAccessMode {
  if (!user) return 'none';
  if (signalTierOf(user) !== null) return 'full';
  return trialStatus(user, now) === 'running' ? 'delayed' : 'none';
}

/** Whether a signal's primary (level 0) window has closed at `now`: only then may a trial member see it. */
export function isPrimaryWindowClosed(signal: Pick<TSignal, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= Date.parse(signal.expiresAt);
}

/** The signals a trial member may see at `now`, in the order given: those whose primary window closed. */
export function delayedSignals<T extends Pick<TSignal, 'expiresAt'>>(signals: readonly T[], now: Date): T[] {
  return signals.filter((signal) => isPrimaryWindowClosed(signal, now));
}
