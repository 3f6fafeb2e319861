import type { VaultSessionsTable } from '@signalroom/shared-node';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A course with its lesson figures and how many of its lessons the member completed. */
export async function listCourseRows(db: Db, userId: string, courseId?: string) {
  let query = db
    .selectFrom('vault_courses as c')
    .leftJoin('vault_lessons as l', 'l.course_id', 'c.id')
    .leftJoin('lesson_completions as done', (join) =>
      join.onRef('done.lesson_id', '=', 'l.id').on('done.user_id', '=', userId),
    )
    .select([
      'c.id',
      'c.title',
      'c.category',
      'c.instructor',
      'c.description',
      'c.level',
      'c.topics',
      'c.featured',
      'c.sample',
      sql<number>`count(l.id)::int`.as('lesson_count'),
      sql<number>`count(done.lesson_id)::int`.as('completed_lessons'),
      sql<number>`coalesce(sum(l.duration_minutes), 0)::int`.as('duration_minutes'),
      sql<number>`coalesce(sum(l.duration_minutes) filter (where done.lesson_id is not null), 0)::int`.as(
        'completed_minutes',
      ),
    ])
    // Drafts are the operator's until published.
    .where('c.published_at', 'is not', null)
    .groupBy('c.id')
    .orderBy('c.position')
    .orderBy('c.id');
  if (courseId) query = query.where('c.id', '=', courseId);
  return query.execute();
}
export type CourseRow = Awaited<ReturnType<typeof listCourseRows>>[number];

export async function listLessonRows(db: Db, userId: string, courseId: string) {
  return db
    .selectFrom('vault_lessons as l')
    .leftJoin('lesson_completions as done', (join) =>
      join.onRef('done.lesson_id', '=', 'l.id').on('done.user_id', '=', userId),
    )
    .select(['l.id', 'l.course_id', 'l.position', 'l.title', 'l.duration_minutes', 'done.completed_at'])
    .where('l.course_id', '=', courseId)
    .orderBy('l.position')
    .execute();
}

export async function findLessonRow(db: Db, userId: string, lessonId: string) {
  return db
    .selectFrom('vault_lessons as l')
    .innerJoin('vault_courses as c', 'c.id', 'l.course_id')
    .leftJoin('lesson_completions as done', (join) =>
      join.onRef('done.lesson_id', '=', 'l.id').on('done.user_id', '=', userId),
    )
    .select([
      'l.id',
      'l.course_id',
      'l.position',
      'l.title',
      'l.duration_minutes',
      'l.body',
      'c.title as course_title',
      'done.completed_at',
    ])
    .where('l.id', '=', lessonId)
    .where('c.published_at', 'is not', null)
    .executeTakeFirst();
}
export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLessonRow>>>;

/** Marks a lesson complete (once: a second mark keeps the first time) or not. */
export async function setLessonCompletion(db: Db, userId: string, lessonId: string, completed: boolean, at: Date) {
  if (completed) {
    await db
      .insertInto('lesson_completions')
      .values({ user_id: userId, lesson_id: lessonId, completed_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('lesson_completions').where('user_id', '=', userId).where('lesson_id', '=', lessonId).execute();
  }
}

export type SessionRow = Selectable<VaultSessionsTable> & { reminder_at: Date | null };

/** Sessions that have not ended by `now`, soonest first, with the member's reminder if any. */
export async function listUpcomingSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .selectFrom('vault_sessions as s')
    .leftJoin('session_reminders as r', (join) => join.onRef('r.session_id', '=', 's.id').on('r.user_id', '=', userId))
    .selectAll('s')
    .select('r.remind_at as reminder_at')
    .where(sql<boolean>`s.starts_at + make_interval(mins => s.duration_minutes) > ${now}`)
    .orderBy('s.starts_at')
    .limit(20)
    .execute();
}

export async function findSessionRow(db: Db, userId: string, sessionId: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('vault_sessions as s')
    .leftJoin('session_reminders as r', (join) => join.onRef('r.session_id', '=', 's.id').on('r.user_id', '=', userId))
    .selectAll('s')
    .select('r.remind_at as reminder_at')
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

/** Sets (or moves) the member's reminder of a session; a new reminder is unsent. */
export async function upsertReminder(db: Db, userId: string, sessionId: string, remindAt: Date): Promise<void> {
  await db
    .insertInto('session_reminders')
    .values({ user_id: userId, session_id: sessionId, remind_at: remindAt, sent_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'session_id']).doUpdateSet({ remind_at: remindAt, sent_at: null }))
    .execute();
}

export async function deleteReminder(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('session_reminders')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Reminders not yet sent whose session has not started: what the task queue must hold. */
export async function listPendingReminders(db: Db, now: Date) {
  return db
    .selectFrom('session_reminders as r')
    .innerJoin('vault_sessions as s', 's.id', 'r.session_id')
    .select(['r.user_id', 'r.session_id', 'r.remind_at'])
    .where('r.sent_at', 'is', null)
    .where('s.starts_at', '>', now)
    .execute();
}

/**
 * Claims a due reminder for sending: marks it sent and answers what the mail needs, or nothing when it
 * was cancelled or already sent (a task that runs twice sends once).
 */
export async function claimReminder(db: Db, userId: string, sessionId: string, at: Date) {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('session_reminders')
      .set({ sent_at: at })
      .where('user_id', '=', userId)
      .where('session_id', '=', sessionId)
      .where('sent_at', 'is', null)
      .returning('session_id')
      .executeTakeFirst();
    if (!claimed) return null;
    return trx
      .selectFrom('vault_sessions as s')
      .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
      .select(['s.title', 's.host', 's.starts_at', 'u.email', 'u.full_name', 'u.time_zone'])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  });
}

/** Puts a claimed reminder back (its mail could not be queued), so a retry sends it. */
export async function unclaimReminder(db: Db, userId: string, sessionId: string): Promise<void> {
  await db
    .updateTable('session_reminders')
    .set({ sent_at: null })
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .execute();
}

export async function listResourceRows(db: Db) {
  return db
    .selectFrom('vault_resources')
    .select(['id', 'title', 'file_name', 'sample', sql<number>`octet_length(content)::int`.as('size_bytes')])
    .orderBy('position')
    .execute();
}

export async function findResourceFile(db: Db, id: string) {
  return db
    .selectFrom('vault_resources')
    .select(['file_name', 'content_type', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}
