import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A database handle or a transaction of it (Kysely's Transaction is a Kysely). */
type Tx = Db;

/** Every course, drafts included, in the members' order. */
export async function listCourses(db: Tx) {
  return db.selectFrom('vault_courses').selectAll().orderBy('position').orderBy('id').execute();
}
export type EditorCourseRow = Awaited<ReturnType<typeof listCourses>>[number];

export async function findCourse(db: Tx, id: string) {
  return db.selectFrom('vault_courses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Lessons of the given courses (all when none is named), in course order. */
export async function listLessons(db: Tx, courseIds?: readonly string[]) {
  let query = db.selectFrom('vault_lessons').selectAll().orderBy('course_id').orderBy('position');
  if (courseIds) {
    if (courseIds.length === 0) return [];
    query = query.where('course_id', 'in', courseIds);
  }
  return query.execute();
}
export type EditorLessonRow = Awaited<ReturnType<typeof listLessons>>[number];

export async function findLesson(db: Tx, id: string) {
  return db.selectFrom('vault_lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every session, newest start first, with how many members asked for a reminder. */
export async function listSessions(db: Tx, sessionId?: string) {
  let query = db
    .selectFrom('vault_sessions as s')
    .leftJoin('session_reminders as r', 'r.session_id', 's.id')
    .selectAll('s')
    .select(sql<number>`count(r.user_id)::int`.as('reminders'))
    .groupBy('s.id')
    .orderBy('s.starts_at', 'desc');
  if (sessionId) query = query.where('s.id', '=', sessionId);
  return query.execute();
}
export type EditorSessionRow = Awaited<ReturnType<typeof listSessions>>[number];

/** The next free position after the last row of a table (scoped to a course for lessons). */
export async function nextCoursePosition(db: Tx): Promise<number> {
  const row = await db
    .selectFrom('vault_courses')
    .select(sql<number>`coalesce(max(position), 0)::int + 1`.as('next'))
    .executeTakeFirstOrThrow();
  return row.next;
}

export async function nextLessonPosition(db: Tx, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('vault_lessons')
    .select(sql<number>`coalesce(max(position), 0)::int + 1`.as('next'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return row.next;
}

/** Sample rows left, by table. */
export async function countSamples(db: Tx) {
  const count = (table: 'vault_courses' | 'vault_sessions' | 'vault_resources') =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .where('sample', '=', true)
      .executeTakeFirstOrThrow()
      .then((row) => row.n);
  const [courses, sessions, resources] = await Promise.all([
    count('vault_courses'),
    count('vault_sessions'),
    count('vault_resources'),
  ]);
  return { courses, sessions, resources };
}

/** Deletes every sample row (lessons, completions and reminders go with their course or session). */
export async function deleteSamples(db: Tx) {
  const removed = async (table: 'vault_courses' | 'vault_sessions' | 'vault_resources') =>
    Number((await db.deleteFrom(table).where('sample', '=', true).executeTakeFirst()).numDeletedRows);
  const courses = await removed('vault_courses');
  const sessions = await removed('vault_sessions');
  const resources = await removed('vault_resources');
  return { courses, sessions, resources };
}

/** Members' unsent reminders of a session (to move with its start). */
export async function listUnsentReminders(db: Tx, sessionId: string) {
  return db
    .selectFrom('session_reminders')
    .select(['user_id', 'session_id'])
    .where('session_id', '=', sessionId)
    .where('sent_at', 'is', null)
    .execute();
}

export async function moveUnsentReminders(db: Tx, sessionId: string, remindAt: Date): Promise<void> {
  await db
    .updateTable('session_reminders')
    .set({ remind_at: remindAt })
    .where('session_id', '=', sessionId)
    .where('sent_at', 'is', null)
    .execute();
}
