import type { Db } from '../../db/database.js';
import type { UserRow } from './users.presenter.js';

/** The user behind a live (not revoked, not expired) session token hash, or null. */
export async function findUserBySessionHash(db: Db, tokenHash: string, now: Date): Promise<UserRow | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertSession(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute();
}

/** Revokes one live session by its token hash; the member it belonged to, or null when it was not live. */
export async function revokeSessionByHash(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Ends every session of a member (password reset); pass the transaction doing the reset. */
export async function revokeAllSessionsOfUser(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}
