import type { Db } from '../../db/database.js';

/** Replaces the member's live e-mail change code (one live code per purpose, by a unique index). */
export async function replaceEmailChangeCode(
  db: Db,
  userId: string,
  newEmail: string,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('email_codes')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'email_change')
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_codes')
      .values({
        user_id: userId,
        purpose: 'email_change',
        new_email: newEmail,
        code_hash: codeHash,
        expires_at: expiresAt,
      })
      .execute();
  });
}

/** The member's live e-mail change code and the address it confirms; null when none is pending. */
export async function findLiveEmailChangeCode(db: Db, userId: string) {
  const row = await db
    .selectFrom('email_codes')
    .select(['id', 'attempts', 'expires_at', 'new_email'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email_change')
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}
