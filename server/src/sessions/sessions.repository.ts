import type { Db } from '../db/database.js';
import { USER_COLUMNS_OF_USERS, type UserRow } from './user-row.js';

/**
 * The user behind a live session token hash (not revoked, not past its absolute expiry, used since
 * `idleSince`), with when the session was last seen; or null.
 */
export async function findUserBySessionHash(
  db: Db,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<{ user: UserRow; lastSeenAt: Date; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select(['sessions.last_seen_at as session_last_seen_at', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince)
    .executeTakeFirst();
  if (!row) return null;
  const { session_last_seen_at, session_expires_at, ...user } = row;
  return { user, lastSeenAt: new Date(session_last_seen_at), expiresAt: new Date(session_expires_at) };
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

/** `findUserBySessionHash` for many hashes in one query (a reconnect storm's handshakes), by hash. */
export async function findUsersBySessionHashes(
  db: Db,
  tokenHashes: readonly string[],
  now: Date,
  idleSince: Date,
): Promise<Map<string, { user: UserRow; lastSeenAt: Date; expiresAt: Date }>> {
  const found = new Map<string, { user: UserRow; lastSeenAt: Date; expiresAt: Date }>();
  if (tokenHashes.length === 0) return found;
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select([
      'sessions.token_hash as session_token_hash',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.token_hash', 'in', tokenHashes)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince)
    .execute();
  for (const { session_token_hash, session_last_seen_at, session_expires_at, ...user } of rows) {
    found.set(session_token_hash, {
      user,
      lastSeenAt: new Date(session_last_seen_at),
      expiresAt: new Date(session_expires_at),
    });
  }
  return found;
}

/** `touchSession` for many sessions in one statement. */
export async function touchSessions(
  db: Db,
  tokenHashes: readonly string[],
  now: Date,
  staleBefore: Date,
): Promise<void> {
  if (tokenHashes.length === 0) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('token_hash', 'in', tokenHashes)
    .where('last_seen_at', '<', staleBefore)
    .execute();
}

/** The client that opens a session, kept for the member's sessions list. */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
}

export async function insertSession(
  db: Db,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  client: SessionClient = { userAgent: null, ip: null },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      expires_at: expiresAt,
      // A user agent is the client's free text: kept to a length that cannot bloat the table.
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The member's live sessions (not revoked, not expired, used since `idleSince`), newest use first. */
export async function listLiveSessionsOfUser(db: Db, userId: string, now: Date, idleSince: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Revokes one live session of this member by id; false when the member has no such live session. */
export async function revokeSessionOfUser(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Revokes every live session of the member but the one of `keepTokenHash`; how many were ended. */
export async function revokeOtherSessionsOfUser(
  db: Db,
  userId: string,
  keepTokenHash: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
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
