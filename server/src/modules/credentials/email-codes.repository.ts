import { LIMITS } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

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
