import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { USER_COLUMNS, type UserRow } from '../users/users.presenter.js';

/** One page of members, newest first, and the total. */
export async function listUsersPage(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Escapes LIKE wildcards so a search for "a_b" means exactly that. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Members whose name, e-mail or access code contains the text (case-insensitive): the newest `limit`
 * of them, and how many match in all (so the page can say that more match than it shows).
 */
export async function searchUsers(db: Db, text: string, limit: number): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = likePattern(text.toLowerCase());
  const matching = db
    .selectFrom('users')
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', pattern),
        eb(sql`lower(full_name)`, 'like', pattern),
        eb(sql`lower(admission_code)`, 'like', pattern),
      ]),
    );
  const [rows, count] = await Promise.all([
    matching.select(USER_COLUMNS).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Locks every admin row for the rest of the transaction and returns their ids (last-admin rule). */
export async function lockAdmins(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
  return rows.map((r) => r.id);
}
