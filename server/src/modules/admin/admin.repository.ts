import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';
import { USER_COLUMNS, type UserRow } from '../users/users.repository.js';

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

/**
 * Members whose name, e-mail or access code contains the text (case-insensitive): the newest `limit`
 * of them, and how many match in all (so the page can say that more match than it shows).
 */
export async function searchUsers(db: Db, text: string, limit: number): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = likePattern(text);
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
