import { normalizeEmail } from '@signalroom/shared';
import type { UsersTable } from '@signalroom/shared-node';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  USER_COLUMNS,
  USER_COLUMNS_OF_USERS,
  type UserRow,
  type UserRowWithPassword,
} from '../../sessions/user-row.js';

// The row and its columns live with the session lookups that every request makes (below http/ and modules/).
export { USER_COLUMNS, USER_COLUMNS_OF_USERS, type UserRow, type UserRowWithPassword };

/**
 * The account of an e-mail address, whatever its case. The address is normalised as it is stored
 * (NFKC, trimmed) and both sides are lower-cased by the database, so the comparison is the one the
 * unique index on lower(email) enforces, for every alphabet.
 */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(sql<string>`lower(email)`, '=', emailKeySql(email))
    .executeTakeFirst();
  return row ?? null;
}

/** The account of an e-mail address with its password hash: for checking a password at login only. */
export async function findUserForLogin(db: Db, email: string): Promise<UserRowWithPassword | null> {
  const row = await db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'password_hash'])
    .where(sql<string>`lower(email)`, '=', emailKeySql(email))
    .executeTakeFirst();
  return row ?? null;
}

const emailKeySql = (email: string) => sql<string>`lower(${normalizeEmail(email)})`;

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/**
 * Inserts a new account unless the e-mail (case-insensitively) or admission code is taken; null then.
 * The unique index decides, so two simultaneous registrations of one address yield one account.
 */
export async function insertUserIfNew(db: Db, values: Insertable<UsersTable>): Promise<UserRow | null> {
  const row = await db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning(USER_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** Applies a change to one account and returns it; null when the account does not exist. */
export async function updateUser(db: Db, id: string, patch: Updateable<UsersTable>): Promise<UserRow | null> {
  const row = await db
    .updateTable('users')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(USER_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** The password hash of an account (password checks of the settings page only); null when gone. */
export async function findPasswordHash(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/**
 * Locks the member's row for the rest of the transaction, so two creations at once count each other
 * and a per-member limit holds (API keys, webhook endpoints).
 */
export async function lockMember(db: Db, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Locks every admin row for the rest of the transaction and returns their ids (last-admin rule). */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
  return rows.map((r) => r.id);
}
