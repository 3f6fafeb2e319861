import type { Db } from '../db/database.js';
import { USER_COLUMNS, type UserRow } from '../modules/users/users.repository.js';

/** Users by id, for re-reading access when it changes (a socket holds no request to authenticate). */
export async function findUsersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(USER_COLUMNS).where('id', 'in', ids).execute();
}

/** Which of these session token hashes are still live (not revoked, not expired, used since `idleSince`). */
export async function findLiveSessionHashes(
  db: Db,
  tokenHashes: readonly string[],
  now: Date,
  idleSince: Date,
): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('token_hash', 'in', tokenHashes)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', idleSince)
    .execute();
  return new Set(rows.map((row) => row.token_hash));
}
