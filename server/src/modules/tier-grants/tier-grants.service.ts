import { accessLevelFor, type Tier, type TTierGrant, toIsoOrNull } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { USER_COLUMNS, type UserRow, updateUser } from '../users/users.repository.js';
import {
  endTierGrant,
  insertTierGrant,
  listGrantsOfUser,
  lockRunningGrant,
  type TierGrantRow,
} from './tier-grants.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db'>;

/** An access change an admin makes: the spec's three fields, with an optional expiry and reason. */
export interface AccessChange {
  tier: Tier;
  dashboardUnlocked: boolean;
  hasDeposited: boolean;
  /** With an expiry the member returns to the access they had before at that time. */
  expiresAt: Date | null;
  reason: string | null;
}

/** Who made a change, as the tier history keeps it. */
export interface Granter {
  id: string;
  email: string;
}

/** The member's row, locked for the rest of the transaction: one access change at a time per member. */
export async function lockMemberRow(db: Db, userId: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).forUpdate().executeTakeFirst();
  return row ?? null;
}

/**
 * Applies an access change inside the caller's transaction and adds it to the tier history. A running
 * timed grant ends here (superseded), so its expiry job finds it ended and does nothing. A new timed
 * grant that replaces a running one returns, at its end, to what the member had before both: a
 * temporary tier is never taken for the member's own.
 */
export async function applyAccessChange(
  trx: Db,
  member: UserRow,
  change: AccessChange,
  by: Granter,
  at: Date,
): Promise<{ row: UserRow; grant: TierGrantRow }> {
  const running = await lockRunningGrant(trx, member.id);
  if (running) await endTierGrant(trx, running.id, at, 'superseded');
  const base =
    running && change.expiresAt
      ? { tier: running.previous_tier, unlocked: running.previous_unlocked, deposited: running.previous_deposited }
      : { tier: member.tier, unlocked: member.dashboard_unlocked, deposited: member.has_deposited };
  const grant = await insertTierGrant(trx, {
    user_id: member.id,
    tier: change.tier,
    previous_tier: base.tier,
    previous_unlocked: base.unlocked,
    previous_deposited: base.deposited,
    expires_at: change.expiresAt,
    reason: change.reason,
    granted_by: by.id,
    granted_by_email: by.email,
    granted_at: at,
  });
  const row = await updateUser(trx, member.id, {
    tier: change.tier,
    dashboard_unlocked: change.dashboardUnlocked,
    has_deposited: change.hasDeposited,
    access_level: accessLevelFor({ tier: change.tier, hasDeposited: change.hasDeposited }),
    tier_expires_at: change.expiresAt,
  });
  if (!row) throw AppError.notFound();
  return { row, grant };
}

/**
 * Ends the member's running timed grant, if any, when their tier changes by another way (a dashboard
 * code): the tier they now hold is theirs, not one that expires.
 */
export async function endRunningGrant(trx: Db, userId: string, at: Date): Promise<boolean> {
  const running = await lockRunningGrant(trx, userId);
  if (!running) return false;
  await endTierGrant(trx, running.id, at, 'superseded');
  await updateUser(trx, userId, { tier_expires_at: null });
  return true;
}

export function presentTierGrant(row: TierGrantRow): TTierGrant {
  return {
    id: row.id,
    tier: row.tier,
    previousTier: row.previous_tier,
    expiresAt: toIsoOrNull(row.expires_at),
    reason: row.reason,
    grantedBy: row.granted_by_email,
    grantedAt: new Date(row.granted_at).toISOString(),
    endedAt: toIsoOrNull(row.ended_at),
    endReason: row.end_reason,
  };
}

/** The member's tier history, newest first (the member detail page). */
export async function tierHistoryOf(ctx: ServiceContext, userId: string, limit = 50): Promise<TTierGrant[]> {
  return (await listGrantsOfUser(ctx.db, userId, limit)).map(presentTierGrant);
}
