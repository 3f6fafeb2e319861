import type { Tier } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

// ---- password reset tokens ----------------------------------------------------------------------

export async function insertResetToken(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('reset_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

/** The e-mail behind a live (unused, unexpired) reset token, or null. */
export async function findLiveResetToken(db: Db, tokenHash: string, now: Date): Promise<{ email: string } | null> {
  const row = await db
    .selectFrom('reset_tokens')
    .innerJoin('users', 'users.id', 'reset_tokens.user_id')
    .select('users.email')
    .where('reset_tokens.token_hash', '=', tokenHash)
    .where('reset_tokens.consumed_at', 'is', null)
    .where('reset_tokens.expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Redeems a reset token: a single conditional UPDATE … WHERE consumed_at IS NULL AND expires_at > now
 * RETURNING, so of any number of simultaneous redemptions exactly one gets the user id.
 */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('reset_tokens')
    .set({ consumed_at: now })
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** After a reset, the member's other outstanding links die too. */
export async function consumeAllResetTokensOfUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('reset_tokens')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}

// ---- dashboard codes ----------------------------------------------------------------------------

/**
 * Issues a member's dashboard code, replacing any unused one; whether one was replaced. Run it in the
 * caller's transaction, so the delete and the insert commit together.
 */
export async function replaceDashboardCode(
  trx: Db,
  values: { userId: string; codeHash: string; tier: Tier | null; createdBy: string; expiresAt: Date },
): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('dashboard_codes')
    .where('user_id', '=', values.userId)
    .where('consumed_at', 'is', null)
    .returning('id')
    .execute();
  await trx
    .insertInto('dashboard_codes')
    .values({
      user_id: values.userId,
      code_hash: values.codeHash,
      tier: values.tier,
      created_by: values.createdBy,
      expires_at: values.expiresAt,
    })
    .execute();
  return deleted.length > 0;
}

/**
 * Uses a member's own unused, unexpired dashboard code (single conditional UPDATE); the tier it grants,
 * or undefined.
 */
export async function consumeDashboardCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<{ tier: Tier | null } | undefined> {
  return db
    .updateTable('dashboard_codes')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('consumed_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning('tier')
    .executeTakeFirst();
}

/** Why a member's code could not be used: already used, expired, or not one of theirs at all. */
export async function dashboardCodeState(
  db: Db,
  userId: string,
  codeHash: string,
): Promise<'used' | 'expired' | 'unknown'> {
  const row = await db
    .selectFrom('dashboard_codes')
    .select(['consumed_at'])
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  if (!row) return 'unknown';
  return row.consumed_at ? 'used' : 'expired';
}

// ---- known devices ------------------------------------------------------------------------------

/** Whether the device token (hashed) is one of this member's; a match is marked as used now. */
export async function touchKnownDevice(db: Db, userId: string, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('login_devices')
    .set({ last_used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether the member has logged in from any browser before (one is remembered). */
export async function hasKnownDevice(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_devices')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers a browser the member logged in from, by its device token's hash. */
export async function rememberDevice(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db.insertInto('login_devices').values({ user_id: userId, token_hash: tokenHash }).execute();
}
