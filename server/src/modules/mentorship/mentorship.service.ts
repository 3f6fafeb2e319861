import {
  achievementsFrom,
  COURSE_CATEGORIES,
  COURSE_CATEGORY_LABELS,
  MentorshipMessages,
  progressPercent,
  SESSION_REMINDER_LEAD_MS,
  type TCourse,
  type TCourseDetail,
  type TLesson,
  type TLessonCompletion,
  type TLiveSession,
  type TProgress,
  type TUser,
  type TVault,
  toIso,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { sessionReminderMail } from '../mail/mail.templates.js';
import {
  type CourseRow,
  claimReminder,
  deleteReminder,
  findLessonRow,
  findResourceFile,
  findSessionRow,
  type LessonRow,
  listCourseRows,
  listLessonRows,
  listPendingReminders,
  listResourceRows,
  listUpcomingSessions,
  type SessionRow,
  setLessonCompletion,
  unclaimReminder,
  upsertReminder,
} from './mentorship.repository.js';

/** The task kind of a session reminder, and its payload. */
export const SESSION_REMINDER_TASK = 'session-reminder';
interface ReminderPayload {
  userId: string;
  sessionId: string;
}
// Deterministic per member and session (no colon: the queue keeps that out of ids).
const reminderTaskId = (p: ReminderPayload) => `${p.sessionId}_${p.userId}`;

function presentCourse(row: CourseRow): TCourse {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    instructor: row.instructor,
    description: row.description,
    level: row.level,
    rating: null,
    durationMinutes: row.duration_minutes,
    topics: row.topics,
    featured: row.featured,
    sample: row.sample,
    lessonCount: row.lesson_count,
    completedLessons: row.completed_lessons,
    progress: progressPercent(row.completed_lessons, row.lesson_count),
  };
}

function presentSession(row: SessionRow): TLiveSession {
  return {
    id: row.id,
    title: row.title,
    host: row.host,
    description: row.description,
    startsAt: toIso(row.starts_at),
    durationMinutes: row.duration_minutes,
    sample: row.sample,
    reminderSet: row.reminder_at !== null,
  };
}

function presentLesson(row: LessonRow): TLesson {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    position: row.position,
    title: row.title,
    durationMinutes: row.duration_minutes,
    completed: row.completed_at !== null,
    body: row.body,
  };
}

function overallOf(rows: readonly CourseRow[]): TProgress {
  const completedLessons = rows.reduce((sum, row) => sum + row.completed_lessons, 0);
  const totalLessons = rows.reduce((sum, row) => sum + row.lesson_count, 0);
  return { completedLessons, totalLessons, percent: progressPercent(completedLessons, totalLessons) };
}

/** The whole vault as this member sees it: every figure counted from their completions. */
export async function getVault(ctx: ServerContext, member: TUser): Promise<TVault> {
  const [rows, sessions, resources] = await Promise.all([
    listCourseRows(ctx.db, member.id),
    listUpcomingSessions(ctx.db, member.id, ctx.now()),
    listResourceRows(ctx.db),
  ]);
  const courses = rows.map(presentCourse);
  const overall = overallOf(rows);
  return {
    courses,
    categories: COURSE_CATEGORIES.map((id) => ({
      id,
      label: COURSE_CATEGORY_LABELS[id],
      count: courses.filter((course) => course.category === id).length,
    })),
    overall,
    stats: {
      coursesCompleted: courses.filter((course) => course.progress === 100).length,
      lessonsCompleted: overall.completedLessons,
      minutesLearned: rows.reduce((sum, row) => sum + row.completed_minutes, 0),
    },
    achievements: achievementsFrom(courses, overall),
    sessions: sessions.map(presentSession),
    resources: resources.map((row) => ({
      id: row.id,
      title: row.title,
      fileName: row.file_name,
      sizeBytes: row.size_bytes,
      sample: row.sample,
    })),
  };
}

export async function getCourse(ctx: ServerContext, member: TUser, id: string): Promise<TCourseDetail> {
  const [row] = isUuid(id) ? await listCourseRows(ctx.db, member.id, id) : [];
  if (!row) throw AppError.notFound();
  const lessons = await listLessonRows(ctx.db, member.id, row.id);
  return {
    ...presentCourse(row),
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      courseId: lesson.course_id,
      position: lesson.position,
      title: lesson.title,
      durationMinutes: lesson.duration_minutes,
      completed: lesson.completed_at !== null,
    })),
  };
}

export async function getLesson(ctx: ServerContext, member: TUser, id: string): Promise<TLesson> {
  const row = isUuid(id) ? await findLessonRow(ctx.db, member.id, id) : undefined;
  if (!row) throw AppError.notFound();
  return presentLesson(row);
}

/** Marks a lesson complete or not, and answers the course's and the vault's progress after it. */
export async function completeLesson(
  ctx: ServerContext,
  member: TUser,
  id: string,
  completed: boolean,
): Promise<TLessonCompletion> {
  const existing = isUuid(id) ? await findLessonRow(ctx.db, member.id, id) : undefined;
  if (!existing) throw AppError.notFound();
  await setLessonCompletion(ctx.db, member.id, existing.id, completed, ctx.now());
  const [lesson, rows] = await Promise.all([findLessonRow(ctx.db, member.id, id), listCourseRows(ctx.db, member.id)]);
  const course = rows.find((row) => row.id === existing.course_id);
  if (!lesson || !course) throw AppError.notFound();
  return { lesson: presentLesson(lesson), course: presentCourse(course), overall: overallOf(rows) };
}

async function upcomingSession(ctx: ServerContext, member: TUser, id: string): Promise<SessionRow> {
  const row = isUuid(id) ? await findSessionRow(ctx.db, member.id, id) : undefined;
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Asks for an e-mail 15 minutes before a session: stored, then scheduled on the task queue (which
 * restores pending reminders from the table at start, so a restart loses none). Setting it twice keeps one.
 */
export async function setReminder(ctx: ServerContext, member: TUser, id: string): Promise<TLiveSession> {
  const session = await upcomingSession(ctx, member, id);
  const now = ctx.now();
  const startsAt = new Date(session.starts_at);
  if (startsAt <= now) throw AppError.conflict(MentorshipMessages.sessionStarted);
  const remindAt = new Date(startsAt.getTime() - SESSION_REMINDER_LEAD_MS);
  if (remindAt <= now) throw AppError.conflict(MentorshipMessages.reminderTooLate);
  await upsertReminder(ctx.db, member.id, session.id, remindAt);
  const payload: ReminderPayload = { userId: member.id, sessionId: session.id };
  await ctx.tasks.schedule(SESSION_REMINDER_TASK, reminderTaskId(payload), payload, remindAt);
  return presentSession({ ...session, reminder_at: remindAt });
}

export async function cancelReminder(ctx: ServerContext, member: TUser, id: string): Promise<TLiveSession> {
  const session = await upcomingSession(ctx, member, id);
  await deleteReminder(ctx.db, member.id, session.id);
  // The row is the truth: a task that still fires finds no reminder and sends nothing.
  await ctx.tasks.cancel(SESSION_REMINDER_TASK, reminderTaskId({ userId: member.id, sessionId: session.id }));
  return presentSession({ ...session, reminder_at: null });
}

/** Moves members' queued reminders of a session to `remindAt` (its start changed). */
export async function rescheduleReminders(
  ctx: Pick<ServerContext, 'tasks'>,
  reminders: readonly { user_id: string; session_id: string }[],
  remindAt: Date,
): Promise<void> {
  for (const row of reminders) {
    const payload: ReminderPayload = { userId: row.user_id, sessionId: row.session_id };
    // Cancelled first: a queue keeps one task per id, and the old one holds the old time.
    await ctx.tasks.cancel(SESSION_REMINDER_TASK, reminderTaskId(payload));
    await ctx.tasks.schedule(SESSION_REMINDER_TASK, reminderTaskId(payload), payload, remindAt);
  }
}

/** Sends one due reminder, once: the row is claimed before the mail goes, and released if it fails. */
async function sendReminder(ctx: ServerContext, payload: ReminderPayload): Promise<void> {
  const due = await claimReminder(ctx.db, payload.userId, payload.sessionId, ctx.now());
  if (!due) return;
  try {
    await getMailer(ctx).send(
      sessionReminderMail(
        brandOf(ctx),
        { email: due.email, fullName: due.full_name, timeZone: due.time_zone ?? ctx.config.TIME_ZONE },
        { title: due.title, host: due.host, startsAt: new Date(due.starts_at) },
        ctx.now(),
      ),
    );
  } catch (error) {
    await unclaimReminder(ctx.db, payload.userId, payload.sessionId);
    throw error;
  }
  ctx.logger.info({ sessionId: payload.sessionId, userId: payload.userId }, 'session reminder sent');
}

/** Registers the reminder task: its handler, and the pending reminders the queue must hold at start. */
export function defineReminderTask(ctx: ServerContext): void {
  ctx.tasks.define<ReminderPayload>(SESSION_REMINDER_TASK, (payload) => sendReminder(ctx, payload), {
    attempts: 5,
    backoffMs: 5_000,
    restore: async () =>
      (await listPendingReminders(ctx.db, ctx.now())).map((row) => {
        const payload = { userId: row.user_id, sessionId: row.session_id };
        return { id: reminderTaskId(payload), payload, runAt: new Date(row.remind_at) };
      }),
  });
}

/** A vault resource's bytes, to download. */
export async function readResource(ctx: ServerContext, id: string) {
  const file = isUuid(id) ? await findResourceFile(ctx.db, id) : undefined;
  if (!file) throw AppError.notFound();
  return file;
}
