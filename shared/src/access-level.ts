import type { AccessLevel, Tier } from './constants.js';

/**
 * The access level that goes with an admin's access decision, so `accessLevel` never contradicts
 * `tier` and `hasDeposited`: gold is premium, a confirmed deposit is deposited, a paid tier without a
 * recorded deposit is basic, a guest is free.
 */
export function accessLevelFor(access: { tier: Tier; hasDeposited: boolean }): AccessLevel {
  if (access.tier === 'gold') return 'premium';
  if (access.hasDeposited) return 'deposited';
  if (access.tier !== 'guest') return 'basic';
  return 'free';
}
