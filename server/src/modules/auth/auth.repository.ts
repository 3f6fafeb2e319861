import { emailKey, LIMITS, type Tier } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

// ---- confirmation codes -------------------------------------------------------------------------

/** What an e-mail code confirms: the address of a new account, or the new address of an e-mail change. */
export type EmailCodePurpose = 'email_confirmation' | 'email_change';

/**
 * Replaces the member's live code of one purpose (one live code per purpose, by a unique index). An
 * e-mail change code carries the address it confirms.
 */
export async function replaceEmailCode(
  db: Db,
  userId: string,
  code: { purpose: EmailCodePurpose; codeHash: string; expiresAt: Date; newEmail?: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('email_codes')
      .where('user_id', '=', userId)
      .where('purpose', '=', code.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_codes')
      .values({
        user_id: userId,
        purpose: code.purpose,
        code_hash: code.codeHash,
        expires_at: code.expiresAt,
        ...(code.newEmail === undefined ? {} : { new_email: code.newEmail }),
      })
      .execute();
  });
}

/** Replaces the member's live sign-up confirmation code. */
export function replaceConfirmationCode(db: Db, userId: string, codeHash: string, expiresAt: Date): Promise<void> {
  return replaceEmailCode(db, userId, { purpose: 'email_confirmation', codeHash, expiresAt });
}

/** The member's live code of one purpose (with the address an e-mail change confirms); null when none. */
export async function findLiveEmailCode(db: Db, userId: string, purpose: EmailCodePurpose) {
  const row = await db
    .selectFrom('email_codes')
    .select(['id', 'attempts', 'expires_at', 'created_at', 'new_email'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Consumes the code when it matches, is unexpired and has attempts left, in one conditional UPDATE,
 * so two simultaneous right answers cannot both succeed. True when consumed.
 */
export async function consumeConfirmationCode(db: Db, id: string, codeHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('email_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('code_hash', '=', codeHash)
    .where('expires_at', '>', now)
    .where('attempts', '<', LIMITS.confirmationCodeMaxAttempts)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Counts one wrong try; returns the attempts so far (null when the code is gone). */
export async function recordWrongCodeAttempt(db: Db, id: string): Promise<number | null> {
  const row = await db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

// ---- per-address mail cooldowns -----------------------------------------------------------------

/**
 * Claims the right to send a `purpose` mail to `email` now, blocking the next one for `seconds`.
 * One conditional upsert, so simultaneous requests (on any replica) claim it once. Returns 0 when
 * claimed, else the seconds still to wait.
 */
export async function claimMailCooldown(
  db: Db,
  email: string,
  purpose: string,
  now: Date,
  seconds: number,
): Promise<number> {
  const key = emailKey(email);
  const next = new Date(now.getTime() + seconds * 1000);
  const claimed = await db
    .insertInto('mail_cooldowns')
    .values({ email: key, purpose, next_allowed_at: next })
    .onConflict((oc) =>
      oc
        .columns(['email', 'purpose'])
        .doUpdateSet({ next_allowed_at: next })
        .where('mail_cooldowns.next_allowed_at', '<=', now),
    )
    .returning('email')
    .executeTakeFirst();
  if (claimed) return 0;
  const row = await db
    .selectFrom('mail_cooldowns')
    .select('next_allowed_at')
    .where('email', '=', key)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return 0;
  return Math.max(1, Math.ceil((new Date(row.next_allowed_at).getTime() - now.getTime()) / 1000));
}

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

/** Remembers a browser the member logged in from, by its device token's hash. */
export async function rememberDevice(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db.insertInto('login_devices').values({ user_id: userId, token_hash: tokenHash }).execute();
}
