import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A notification row as the member's list reads it. */
export interface NotificationRow {
  id: string;
  user_id: string;
  kind: string;
  ref: string;
  data: unknown;
  created_at: Date;
  updated_at: Date | null;
  read_at: Date | null;
}

const COLUMNS = ['id', 'user_id', 'kind', 'ref', 'data', 'created_at', 'updated_at', 'read_at'] as const;

/**
 * Records one notification; null when the member already has one of this kind about this ref (a hook or
 * task that runs twice adds nothing).
 */
export async function insertNotification(
  db: Db,
  row: { userId: string; kind: string; ref: string; data: unknown; at: Date },
): Promise<NotificationRow | null> {
  const inserted = await db
    .insertInto('notifications')
    .values({ user_id: row.userId, kind: row.kind, ref: row.ref, data: JSON.stringify(row.data), created_at: row.at })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return inserted ?? null;
}

/**
 * Records the same notification for many members in one statement (a signal delivered to thousands);
 * members who already have it are skipped. Answers how many were written.
 */
export async function insertManyNotifications(
  db: Db,
  rows: { userIds: readonly string[]; kind: string; ref: string; data: unknown; at: Date },
): Promise<number> {
  if (rows.userIds.length === 0) return 0;
  const result = await sql`
    insert into notifications (user_id, kind, ref, data, created_at)
    select u.id, ${rows.kind}, ${rows.ref}, ${JSON.stringify(rows.data)}::jsonb, ${rows.at}
    from unnest(${sql.val([...rows.userIds])}::uuid[]) as u(id)
    on conflict (user_id, kind, ref) do nothing
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Replaces the data of every notification of this kind and ref whose data differs; answers how many. */
export async function updateNotificationsOf(
  db: Db,
  kind: string,
  ref: string,
  data: unknown,
  at: Date,
): Promise<number> {
  const json = JSON.stringify(data);
  const result = await db
    .updateTable('notifications')
    .set({ data: json, updated_at: at })
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .where(sql<boolean>`data is distinct from ${json}::jsonb`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The notifications of this kind and ref held by these members (the ones connected to a process). */
export async function listNotificationsOfRef(
  db: Db,
  kind: string,
  ref: string,
  userIds: readonly string[],
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .where(sql<boolean>`user_id = any(${sql.val([...userIds])}::uuid[])`)
    .execute();
}

/** One of the member's notifications, or null (someone else's is null too). */
export async function findOwnNotification(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const row = await db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** A page of the member's notifications, newest first, after the cursor's (time, then id, both descending). */
export async function listNotificationsPage(
  db: Db,
  userId: string,
  options: { before: { createdAt: Date; id: string } | null; limit: number },
): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId);
  if (options.before) {
    const { createdAt, id } = options.before;
    query = query.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id}::uuid)`);
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Marks one of the member's notifications read (a read one keeps its first time); false when it is not theirs. */
export async function markOneRead(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks every unread notification of the member read; answers how many changed. */
export async function markAllRead(db: Db, userId: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes every notification created before `cutoff`; answers how many. */
export async function deleteNotificationsBefore(db: Db, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('notifications').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every notification of the member, oldest first (the data export). */
export async function listAllOfMember(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteAllOfMember(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
}
