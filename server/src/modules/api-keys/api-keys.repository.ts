import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { USER_COLUMNS_OF_USERS, type UserRow } from '../users/users.repository.js';

/** A key row as the member's list shows it (never the hash). */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

const LISTED_COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

/** The member's live (unrevoked) keys, oldest first. */
export async function listLiveKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .select(LISTED_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many live keys the member holds. */
export async function countLiveKeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertKey(
  db: Db,
  key: { userId: string; name: string; prefix: string; secretHash: string; now: Date },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({
      user_id: key.userId,
      name: key.name,
      prefix: key.prefix,
      secret_hash: key.secretHash,
      created_at: key.now,
    })
    .returning(LISTED_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Revokes one live key of the member; the revoked row, or null when there was none. */
export async function revokeKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKeyRow | null> {
  const row = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(LISTED_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** The live key with this secret hash and its member, or null. */
/** The members of the live (unrevoked) keys among `keyIds`, by key id: a revoked key is absent. */
export async function findMembersOfLiveKeys(db: Db, keyIds: readonly string[]): Promise<Map<string, UserRow>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select('api_keys.id as key_id')
    .where('api_keys.id', '=', sql<string>`any(${[...keyIds]}::uuid[])`)
    .where('api_keys.revoked_at', 'is', null)
    .execute();
  return new Map(rows.map(({ key_id, ...user }) => [key_id, user]));
}

export async function findKeyByHash(
  db: Db,
  secretHash: string,
): Promise<{ keyId: string; secretHash: string; lastUsedAt: Date | null; user: UserRow } | null> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select([
      'api_keys.id as key_id',
      'api_keys.secret_hash as key_secret_hash',
      'api_keys.last_used_at as key_last_used_at',
    ])
    .where('api_keys.secret_hash', '=', secretHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const { key_id, key_secret_hash, key_last_used_at, ...user } = row;
  return {
    keyId: key_id,
    secretHash: key_secret_hash,
    lastUsedAt: key_last_used_at ? new Date(key_last_used_at) : null,
    user,
  };
}

/** Marks a key used now, unless a request already did since `staleBefore` (one write per minute or so). */
export async function touchKey(db: Db, keyId: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
