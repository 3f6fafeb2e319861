import type { Tier } from './constants.js';
import type { TLockedSignal, TSignal, TSignalView } from './signals.js';

/** Daily full-signal allowance per non-guest tier; null is unlimited. */
export type TierDailyLimits = Record<Exclude<Tier, 'guest'>, number | null>;

/**
 * What a tier's room may see of a signal: the first N signals of the operator's day in full, then a
 * locked teaser (DECISIONS.md). Guests see nothing; callers must not call this for them.
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
