import type { Generated } from 'kysely';
import type { Timestamp } from './database.js';

type Tier = 'guest' | 'silver' | 'pro' | 'gold';

/**
 * Every tier an admin set on a member, with what the member had before. A row with an expiry and no
 * `ended_at` is a running timed grant (at most one per member): at `expires_at` the member returns to
 * the previous access, unless a later change ended the grant first.
 */
export interface TierGrantsTable {
  id: Generated<string>;
  user_id: string;
  tier: Tier;
  previous_tier: Tier;
  /** The rest of the access before the change, restored with the tier at expiry. */
  previous_unlocked: boolean;
  previous_deposited: boolean;
  expires_at: Timestamp | null;
  reason: string | null;
  /** The admin; null once that account is gone (granted_by_email keeps who it was). */
  granted_by: string | null;
  granted_by_email: string;
  granted_at: Generated<Date>;
  ended_at: Timestamp | null;
  end_reason: 'expired' | 'superseded' | null;
}

export interface TierGrantTables {
  tier_grants: TierGrantsTable;
}
