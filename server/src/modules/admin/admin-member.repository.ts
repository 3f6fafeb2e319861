import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The latest use of any of the member's sessions; null when they never had one. */
export async function findLastSeen(db: Db, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('last_seen_at').as('last'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : null;
}

/** Bot-access applications sent with the member's address (any case), newest first. */
export async function listApplicationsOfEmail(db: Db, email: string, limit: number) {
  return db
    .selectFrom('bot_access_submissions')
    .select(['id', 'full_name', 'status', 'created_at'])
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The member's support tickets, latest activity first. */
export async function listTicketsOfUser(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('support_tickets')
    .select(['id', 'subject', 'status', 'last_message_at'])
    .where('user_id', '=', userId)
    .orderBy('last_message_at', 'desc')
    .limit(limit)
    .execute();
}
