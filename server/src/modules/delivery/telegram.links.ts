import { randomInt } from 'node:crypto';
import { TELEGRAM_LINK_CODE_TTL_MS } from '@signalroom/shared';
import type { Db } from '../../db/database.js';
import { hashSecret } from '../../http/tokens.js';

// No 0/O or 1/I: the member may type the code by hand.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new one-time link code for the member (replacing any earlier one); stored hashed. */
export async function issueLinkCode(db: Db, userId: string, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const code = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_CODE_TTL_MS);
  await db
    .insertInto('telegram_link_codes')
    .values({ user_id: userId, code_hash: hashSecret(code), expires_at: expiresAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ code_hash: hashSecret(code), expires_at: expiresAt }))
    .execute();
  return { code, expiresAt };
}

/**
 * Links a chat with a code sent to the bot: the code is used up, the chat replaces the member's earlier
 * one, and a chat linked to another member moves to this one. Null when the code is unknown or expired.
 */
export async function linkChat(
  db: Db,
  code: string,
  chat: { chatId: string; username: string | null },
  now: Date,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('telegram_link_codes')
      .where('code_hash', '=', hashSecret(code.trim().toUpperCase()))
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at.getTime() <= now.getTime()) return null;
    await trx.deleteFrom('telegram_links').where('chat_id', '=', chat.chatId).execute();
    await trx
      .insertInto('telegram_links')
      .values({ user_id: row.user_id, chat_id: chat.chatId, username: chat.username, linked_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ chat_id: chat.chatId, username: chat.username, linked_at: now }),
      )
      .execute();
    return row.user_id;
  });
}

/** Unlinks by chat (`/stop`, or the bot blocked); whether a link existed. */
export async function unlinkChat(db: Db, chatId: string): Promise<boolean> {
  const rows = await db.deleteFrom('telegram_links').where('chat_id', '=', chatId).executeTakeFirst();
  return Number(rows.numDeletedRows) > 0;
}

/** Unlinks by member (Settings). */
export async function unlinkMember(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('telegram_links').where('user_id', '=', userId).execute();
  await db.deleteFrom('telegram_link_codes').where('user_id', '=', userId).execute();
}

export function findLink(db: Db, userId: string) {
  return db
    .selectFrom('telegram_links')
    .select(['chat_id', 'username', 'linked_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
