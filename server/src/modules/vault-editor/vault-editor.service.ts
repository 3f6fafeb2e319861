import {
  SESSION_REMINDER_LEAD_MS,
  type TEditorCourse,
  type TEditorLesson,
  type TEditorSession,
  type TSamplesRemoved,
  type TVaultCoursePatch,
  type TVaultCourseRequest,
  type TVaultEditor,
  type TVaultLessonPatch,
  type TVaultLessonRequest,
  toIso,
  VaultEditorMessages,
  type ZVaultSessionPatch,
  type ZVaultSessionRequest,
} from '@signalroom/shared';
import type { z } from 'zod';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor, AuditEntry } from '../audit/audit-actor.js';
import { listResourceRows } from '../mentorship/mentorship.repository.js';
import { rescheduleReminders } from '../mentorship/mentorship.service.js';
import {
  countSamples,
  deleteSamples,
  type EditorCourseRow,
  type EditorLessonRow,
  type EditorSessionRow,
  findCourse,
  findLesson,
  listCourses,
  listLessons,
  listSessions,
  listUnsentReminders,
  moveUnsentReminders,
  nextCoursePosition,
  nextLessonPosition,
} from './vault-editor.repository.js';

/**
 * The operator's editor of the Master Vault. Every change and its audit row are one transaction; a
 * course is a draft (members do not see it) until published, and a published course keeps at least one
 * lesson, so members never open an empty course.
 */
type EditorContext = Pick<ServerContext, 'db' | 'now' | 'tasks'>;

type SessionInput = z.output<typeof ZVaultSessionRequest>;
type SessionPatch = z.output<typeof ZVaultSessionPatch>;

const presentLesson = (row: EditorLessonRow): TEditorLesson => ({
  id: row.id,
  position: row.position,
  title: row.title,
  durationMinutes: row.duration_minutes,
  body: row.body,
});

function presentCourse(row: EditorCourseRow, lessons: readonly EditorLessonRow[]): TEditorCourse {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    level: row.level,
    instructor: row.instructor,
    description: row.description,
    topics: row.topics,
    featured: row.featured,
    sample: row.sample,
    publishedAt: row.published_at ? toIso(row.published_at) : null,
    lessons: lessons.filter((lesson) => lesson.course_id === row.id).map(presentLesson),
  };
}

const presentSession = (row: EditorSessionRow): TEditorSession => ({
  id: row.id,
  title: row.title,
  host: row.host,
  description: row.description,
  startsAt: toIso(row.starts_at),
  durationMinutes: row.duration_minutes,
  sample: row.sample,
  reminders: row.reminders,
});

/** An editor change's audit row, written in the change's own transaction. */
function auditVault(trx: Db, actor: AuditActor, entry: Omit<AuditEntry, 'actor' | 'targetType'>): Promise<void> {
  return recordAudit(trx, { actor, targetType: 'vault', ...entry });
}

/** An id that names no stored row answers 404 (a malformed id included). */
async function found<T>(id: string, find: (id: string) => Promise<T | undefined>): Promise<T> {
  const row = isUuid(id) ? await find(id) : undefined;
  if (!row) throw AppError.notFound();
  return row;
}

export async function vaultEditor(ctx: Pick<ServerContext, 'db'>): Promise<TVaultEditor> {
  const [courses, lessons, sessions, resources, samples] = await Promise.all([
    listCourses(ctx.db),
    listLessons(ctx.db),
    listSessions(ctx.db),
    listResourceRows(ctx.db),
    countSamples(ctx.db),
  ]);
  return {
    courses: courses.map((course) => presentCourse(course, lessons)),
    sessions: sessions.map(presentSession),
    resources: resources.map((row) => ({
      id: row.id,
      title: row.title,
      fileName: row.file_name,
      sizeBytes: row.size_bytes,
      sample: row.sample,
    })),
    samples: samples.courses + samples.sessions + samples.resources,
  };
}

async function courseAnswer(db: Db, id: string): Promise<TEditorCourse> {
  const course = await found(id, (key) => findCourse(db, key));
  return presentCourse(course, await listLessons(db, [id]));
}

export async function createCourse(
  ctx: EditorContext,
  input: TVaultCourseRequest,
  actor: AuditActor,
): Promise<TEditorCourse> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('vault_courses')
      .values({
        position: await nextCoursePosition(trx),
        title: input.title,
        category: input.category,
        level: input.level,
        instructor: input.instructor,
        description: input.description,
        topics: JSON.stringify(input.topics ?? []),
        featured: input.featured ?? false,
        sample: false,
        published_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditVault(trx, actor, {
      action: 'vault.create',
      targetId: row.id,
      targetLabel: `Course: ${row.title}`,
      after: input,
    });
    return presentCourse(row, []);
  });
}

export async function updateCourse(
  ctx: EditorContext,
  id: string,
  patch: TVaultCoursePatch,
  actor: AuditActor,
): Promise<TEditorCourse> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await found(id, (key) => findCourse(trx, key));
    const { published, topics, ...fields } = patch;
    const publishing = published === true && before.published_at === null;
    const unpublishing = published === false && before.published_at !== null;
    if (publishing && (await listLessons(trx, [id])).length === 0) {
      throw AppError.conflict(VaultEditorMessages.publishEmpty);
    }
    const changes = {
      ...fields,
      ...(topics ? { topics: JSON.stringify(topics) } : {}),
      ...(publishing ? { published_at: ctx.now() } : {}),
      ...(unpublishing ? { published_at: null } : {}),
    };
    // Publishing what is published (or the like) changes nothing: no statement, and no audit row.
    if (Object.keys(changes).length === 0) return courseAnswer(trx, id);
    await trx.updateTable('vault_courses').set(changes).where('id', '=', id).execute();
    const action = publishing ? 'vault.publish' : unpublishing ? 'vault.unpublish' : 'vault.update';
    await auditVault(trx, actor, {
      action,
      targetId: id,
      targetLabel: `Course: ${fields.title ?? before.title}`,
      before: { ...pick(before, fields), published: before.published_at !== null },
      after: patch,
    });
    return courseAnswer(trx, id);
  });
}

/** The stored values of the fields a change names (what the audit row keeps as "before"). */
function pick(row: Record<string, unknown>, fields: object): Record<string, unknown> {
  const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return Object.fromEntries(Object.keys(fields).map((field) => [field, row[column(field)]]));
}

export async function deleteCourse(ctx: EditorContext, id: string, actor: AuditActor): Promise<null> {
  return ctx.db.transaction().execute(async (trx) => {
    const course = await found(id, (key) => findCourse(trx, key));
    await trx.deleteFrom('vault_courses').where('id', '=', id).execute();
    await auditVault(trx, actor, {
      action: 'vault.delete',
      targetId: id,
      targetLabel: `Course: ${course.title}`,
      before: { title: course.title, sample: course.sample },
    });
    return null;
  });
}

export async function createLesson(
  ctx: EditorContext,
  courseId: string,
  input: TVaultLessonRequest,
  actor: AuditActor,
): Promise<TEditorLesson> {
  return ctx.db.transaction().execute(async (trx) => {
    const course = await found(courseId, (key) => findCourse(trx, key));
    const row = await trx
      .insertInto('vault_lessons')
      .values({
        course_id: course.id,
        position: await nextLessonPosition(trx, course.id),
        title: input.title,
        duration_minutes: input.durationMinutes,
        body: input.body,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditVault(trx, actor, {
      action: 'vault.create',
      targetId: row.id,
      targetLabel: `Lesson: ${course.title} / ${row.title}`,
      after: { title: input.title, durationMinutes: input.durationMinutes },
    });
    return presentLesson(row);
  });
}

export async function updateLesson(
  ctx: EditorContext,
  id: string,
  patch: TVaultLessonPatch,
  actor: AuditActor,
): Promise<TEditorLesson> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await found(id, (key) => findLesson(trx, key));
    const row = await trx
      .updateTable('vault_lessons')
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.durationMinutes !== undefined ? { duration_minutes: patch.durationMinutes } : {}),
        ...(patch.body !== undefined ? { body: patch.body } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditVault(trx, actor, {
      action: 'vault.update',
      targetId: id,
      targetLabel: `Lesson: ${row.title}`,
      // The text itself can be long: the trail says that it changed, not the whole of it.
      before: { title: before.title, durationMinutes: before.duration_minutes },
      after: { title: row.title, durationMinutes: row.duration_minutes, textChanged: patch.body !== undefined },
    });
    return presentLesson(row);
  });
}

export async function deleteLesson(ctx: EditorContext, id: string, actor: AuditActor): Promise<null> {
  return ctx.db.transaction().execute(async (trx) => {
    const lesson = await found(id, (key) => findLesson(trx, key));
    const course = await findCourse(trx, lesson.course_id);
    const siblings = await listLessons(trx, [lesson.course_id]);
    if (course?.published_at && siblings.length === 1) throw AppError.conflict(VaultEditorMessages.lastLesson);
    await trx.deleteFrom('vault_lessons').where('id', '=', id).execute();
    await auditVault(trx, actor, {
      action: 'vault.delete',
      targetId: id,
      targetLabel: `Lesson: ${course?.title ?? ''} / ${lesson.title}`,
      before: { title: lesson.title },
    });
    return null;
  });
}

function refuseStartInPast(ctx: EditorContext, startsAt: Date | undefined): void {
  if (startsAt && startsAt.getTime() <= ctx.now().getTime()) {
    throw AppError.validation(VaultEditorMessages.startsInPast, { startsAt: VaultEditorMessages.startsInPast });
  }
}

const findSession = async (db: Db, id: string) => (await listSessions(db, id))[0];

async function sessionAnswer(db: Db, id: string): Promise<TEditorSession> {
  return presentSession(await found(id, (key) => findSession(db, key)));
}

export async function createSession(
  ctx: EditorContext,
  input: SessionInput,
  actor: AuditActor,
): Promise<TEditorSession> {
  refuseStartInPast(ctx, input.startsAt);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('vault_sessions')
      .values({
        title: input.title,
        host: input.host,
        description: input.description,
        starts_at: input.startsAt,
        duration_minutes: input.durationMinutes,
        sample: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await auditVault(trx, actor, {
      action: 'vault.create',
      targetId: row.id,
      targetLabel: `Session: ${input.title}`,
      after: { ...input, startsAt: input.startsAt.toISOString() },
    });
    return sessionAnswer(trx, row.id);
  });
}

/**
 * Changes a session; a new start moves every unsent reminder with it (15 minutes before the new start,
 * or at once when that has passed), so members who asked are still told in time.
 */
export async function updateSession(
  ctx: EditorContext,
  id: string,
  patch: SessionPatch,
  actor: AuditActor,
): Promise<TEditorSession> {
  refuseStartInPast(ctx, patch.startsAt);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const before = await found(id, (key) => findSession(trx, key));
    await trx
      .updateTable('vault_sessions')
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.host !== undefined ? { host: patch.host } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.startsAt !== undefined ? { starts_at: patch.startsAt } : {}),
        ...(patch.durationMinutes !== undefined ? { duration_minutes: patch.durationMinutes } : {}),
      })
      .where('id', '=', id)
      .execute();
    const remindAt = patch.startsAt ? reminderTime(ctx, patch.startsAt) : null;
    if (remindAt) await moveUnsentReminders(trx, id, remindAt);
    await auditVault(trx, actor, {
      action: 'vault.update',
      targetId: id,
      targetLabel: `Session: ${patch.title ?? before.title}`,
      before: { title: before.title, startsAt: toIso(before.starts_at), durationMinutes: before.duration_minutes },
      after: { ...patch, ...(patch.startsAt ? { startsAt: patch.startsAt.toISOString() } : {}) },
    });
    return { session: await sessionAnswer(trx, id), remindAt };
  });
  if (answer.remindAt) {
    // After the commit: the rows are the truth, and a task fired meanwhile finds the moved time.
    await rescheduleReminders(ctx, await listUnsentReminders(ctx.db, id), answer.remindAt);
  }
  return answer.session;
}

const reminderTime = (ctx: EditorContext, startsAt: Date) =>
  new Date(Math.max(ctx.now().getTime(), startsAt.getTime() - SESSION_REMINDER_LEAD_MS));

export async function deleteSession(ctx: EditorContext, id: string, actor: AuditActor): Promise<null> {
  return ctx.db.transaction().execute(async (trx) => {
    const session = await found(id, (key) => findSession(trx, key));
    // Its reminders go with it (cascade); a queued task then finds no row and sends nothing.
    await trx.deleteFrom('vault_sessions').where('id', '=', id).execute();
    await auditVault(trx, actor, {
      action: 'vault.delete',
      targetId: id,
      targetLabel: `Session: ${session.title}`,
      before: { title: session.title, startsAt: toIso(session.starts_at), reminders: session.reminders },
    });
    return null;
  });
}

export async function deleteResource(ctx: EditorContext, id: string, actor: AuditActor): Promise<null> {
  return ctx.db.transaction().execute(async (trx) => {
    const resource = await found(id, (key) =>
      trx.selectFrom('vault_resources').select(['title', 'file_name']).where('id', '=', key).executeTakeFirst(),
    );
    await trx.deleteFrom('vault_resources').where('id', '=', id).execute();
    await auditVault(trx, actor, {
      action: 'vault.delete',
      targetId: id,
      targetLabel: `Resource: ${resource.title}`,
      before: resource,
    });
    return null;
  });
}

/** Deletes every shipped sample item at once, audited with how many of each went. */
export async function removeSamples(ctx: EditorContext, actor: AuditActor): Promise<TSamplesRemoved> {
  return ctx.db.transaction().execute(async (trx) => {
    const removed = await deleteSamples(trx);
    const total = removed.courses + removed.sessions + removed.resources;
    if (total > 0) {
      await auditVault(trx, actor, {
        action: 'vault.samples-remove',
        targetId: null,
        targetLabel: 'Sample content',
        before: removed,
      });
    }
    return removed;
  });
}
