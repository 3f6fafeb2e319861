import type { Db } from '../../db/database.js';
import { USER_COLUMNS_OF_USERS, type UserRow } from './users.presenter.js';

/**
 * The user behind a live session token hash (not revoked, not past its absolute expiry, used since
 * `idleSince`), with when the session was last seen; or null.
 */
export async function findUserBySessionHash(
  db: Db,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ user: UserRow; lastSeenAt: Date } | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select('sessions.last_seen_at as session_last_seen_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince)
    .executeTakeFirst();
  if (!row) return null;
  const { session_last_seen_at, ...user } = row;
  return { user, lastSeenAt: new Date(session_last_seen_at) };
}

/** Marks a session used now, unless another request already did since `staleBefore` (one write per few minutes). */
export async function touchSession(db: Db, tokenHash: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .where('last_seen_at', '<', staleBefore)
    .execute();
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
