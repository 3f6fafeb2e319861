import type { ApiKeyRevokeReason } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { USER_COLUMNS_OF_USERS, type UserRow } from './users.repository.js';

/** A key row as the member's list shows it (never the hash). */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

const LISTED_COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'expires_at'] as const;

/** The member's unrevoked keys, expired ones included (they stay listed until revoked), oldest first. */
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

/** How many keys of the member still work at `now` (unrevoked and unexpired). */
export async function countLiveKeys(db: Db, userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertKey(
  db: Db,
  key: { userId: string; name: string; prefix: string; secretHash: string; now: Date; expiresAt: Date | null },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({
      user_id: key.userId,
      name: key.name,
      prefix: key.prefix,
      secret_hash: key.secretHash,
      created_at: key.now,
      expires_at: key.expiresAt,
    })
    .returning(LISTED_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Revokes one unrevoked key of the member; the revoked row, or null when there was none. */
export async function revokeKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKeyRow | null> {
  const row = await db
    .updateTable('api_keys')
    .set({ revoked_at: now, revoked_reason: 'member' })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning(LISTED_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Revokes every key of the member that still works (an expired one stops anyway and is left listed),
 * with the reason; the keys revoked, oldest first.
 */
export async function revokeAllKeysOfUser(
  db: Db,
  userId: string,
  now: Date,
  reason: Exclude<ApiKeyRevokeReason, 'member'>,
): Promise<{ id: string; name: string; prefix: string }[]> {
  const rows = await db
    .updateTable('api_keys')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning(['id', 'name', 'prefix', 'created_at'])
    .execute();
  return rows
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    .map(({ id, name, prefix }) => ({ id, name, prefix }));
}

/**
 * The members of the keys among `keyIds` that still work at `now`, by key id: a revoked or expired key
 * is absent.
 */
export async function findMembersOfLiveKeys(
  db: Db,
  keyIds: readonly string[],
  now: Date,
): Promise<Map<string, UserRow>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select('api_keys.id as key_id')
    .where('api_keys.id', '=', sql<string>`any(${[...keyIds]}::uuid[])`)
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', now)]))
    .execute();
  return new Map(rows.map(({ key_id, ...user }) => [key_id, user]));
}

/** A key found by its hash: revoked and expired ones too, so a refusal can say which. */
export interface FoundKey {
  keyId: string;
  secretHash: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedReason: ApiKeyRevokeReason | null;
  expiresAt: Date | null;
  user: UserRow;
}

/** The key with this secret hash and its member, or null. */
export async function findKeyByHash(db: Db, secretHash: string): Promise<FoundKey | null> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(USER_COLUMNS_OF_USERS)
    .select([
      'api_keys.id as key_id',
      'api_keys.secret_hash as key_secret_hash',
      'api_keys.last_used_at as key_last_used_at',
      'api_keys.revoked_at as key_revoked_at',
      'api_keys.revoked_reason as key_revoked_reason',
      'api_keys.expires_at as key_expires_at',
    ])
    .where('api_keys.secret_hash', '=', secretHash)
    .executeTakeFirst();
  if (!row) return null;
  const { key_id, key_secret_hash, key_last_used_at, key_revoked_at, key_revoked_reason, key_expires_at, ...user } =
    row;
  return {
    keyId: key_id,
    secretHash: key_secret_hash,
    lastUsedAt: key_last_used_at ? new Date(key_last_used_at) : null,
    revokedAt: key_revoked_at ? new Date(key_revoked_at) : null,
    revokedReason: key_revoked_reason,
    expiresAt: key_expires_at ? new Date(key_expires_at) : null,
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
