import type { TAccessUpdateRequest } from './auth.schemas.js';
import type { TUser } from './user.js';

/** The Admin Users screen's one-click access actions, and when each is enabled. */

/** Grant Gold: tier gold, dashboard unlocked, deposited. */
export const GRANT_GOLD_ACCESS: TAccessUpdateRequest = Object.freeze({
  tier: 'gold',
  dashboardUnlocked: true,
  hasDeposited: true,
});

/** Revoke: tier guest, dashboard locked, not deposited. */
export const REVOKE_ACCESS: TAccessUpdateRequest = Object.freeze({
  tier: 'guest',
  dashboardUnlocked: false,
  hasDeposited: false,
});

type AccessFields = Pick<TUser, 'tier' | 'dashboardUnlocked'>;

/** Grant Gold is disabled when the member is already gold and unlocked, and while their update runs. */
export function canGrantGold(user: AccessFields, updating: boolean): boolean {
  return !updating && !(user.tier === 'gold' && user.dashboardUnlocked);
}

/** Revoke is disabled when the member is already guest and locked, and while their update runs. */
export function canRevoke(user: AccessFields, updating: boolean): boolean {
  return !updating && !(user.tier === 'guest' && !user.dashboardUnlocked);
}
