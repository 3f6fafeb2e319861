import type { Tier } from './constants.js';
import type { TLockedSignal, TSignal, TSignalView } from './signals.js';
import type { TUser } from './user.js';

/** A tier that has a signal room of its own. */
export type SignalTier = Exclude<Tier, 'guest'>;

/** Daily full-signal allowance per non-guest tier; null is unlimited. */
export type TierDailyLimits = Record<SignalTier, number | null>;

/** The fields every access decision reads. */
export type AccessFields = Pick<TUser, 'tier' | 'dashboardUnlocked' | 'role'>;

/**
 * Whose room a member's signals come from, or null when they get none: an unlocked member of a paid
 * tier gets their tier's room; an admin gets the gold room whatever their own tier, because admins see
 * every member page at full access (docs/decisions.md, "Admins at full access"). The server puts
 * sockets in rooms, cuts snapshots and answers REST by this one rule; the web shows locks by it.
 */
export function signalTierOf(user: AccessFields | null): SignalTier | null {
  if (!user) return null;
  if (user.role === 'admin') return 'gold';
  if (!user.dashboardUnlocked || user.tier === 'guest') return null;
  return user.tier;
}

/** Whether a member receives signals at all (REST and push): see `signalTierOf`. */
export function hasSignalAccess(user: AccessFields): boolean {
  return signalTierOf(user) !== null;
}

/**
 * What a tier's room may see of a signal: the first N signals of the operator's day in full, then a
 * locked teaser. Guests see nothing; callers must not call this for them.
 */
export function signalViewFor(signal: TSignal, tier: SignalTier, limits: TierDailyLimits): TSignalView {
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
