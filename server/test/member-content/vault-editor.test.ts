import type {
  TCourseDetail,
  TEditorCourse,
  TEditorLesson,
  TEditorSession,
  TLesson,
  TLiveSession,
  TSamplesRemoved,
  TVault,
  TVaultEditor,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';

/**
 * The operator's Vault editor: drafts members never see, publishing, lessons in Markdown, sessions whose
 * reminders move with their start, the samples removed in one action; admins only, every change audited,
 * bad input refused with the field's own words and nothing written.
 */
let server: TestServer;
let admin: string;
let member: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await createMember(server.context.db, { role: 'admin' })).token;
  member = (await createMember(server.context.db, { tier: 'gold' })).token;
});
afterAll(async () => {
  await server?.close();
});

const courseInput = {
  title: 'Reading the five-minute chart',
  category: 'analysis',
  level: 'Beginner',
  instructor: 'Ada Mensah',
  description: 'How a signal’s window sits on the chart.',
  topics: ['Candles', 'Windows'],
};

const auditActions = async (db: Db, targetId: string) =>
  (await db.selectFrom('audit_log').select('action').where('target_id', '=', targetId).orderBy('at').execute()).map(
    (row) => row.action,
  );

describe('the Vault editor', () => {
  it('is for admins: a member gets 403 on every call, and nothing is written', async () => {
    const db = server.context.db;
    const before = await db.selectFrom('vault_courses').select('id').execute();
    expect((await server.api('GET', '/api/admin/vault', { token: member })).status).toBe(403);
    const refused = await server.api('POST', '/api/admin/vault/courses', { token: member, body: courseInput });
    expect(refused.status).toBe(403);
    expect((await server.api('DELETE', '/api/admin/vault/samples', { token: member })).status).toBe(403);
    expect(await db.selectFrom('vault_courses').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps a new course a draft until it has a lesson and is published; then members read it', async () => {
    const db = server.context.db;
    const created = await server.api<TEditorCourse>('POST', '/api/admin/vault/courses', {
      token: admin,
      body: courseInput,
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Course created as a draft: publish it when it is ready.');
    const course = created.body.data!;
    expect(course).toMatchObject({ title: courseInput.title, publishedAt: null, sample: false, lessons: [] });

    const seen = async () =>
      (await server.api<TVault>('GET', '/api/mentorship', { token: member })).body.data!.courses.map((c) => c.id);
    expect(await seen()).not.toContain(course.id);
    expect((await server.api('GET', `/api/mentorship/courses/${course.id}`, { token: member })).status).toBe(404);

    const empty = await server.api('PATCH', `/api/admin/vault/courses/${course.id}`, {
      token: admin,
      body: { published: true },
    });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe('Add a lesson before publishing the course.');

    const lesson = await server.api<TEditorLesson>('POST', `/api/admin/vault/courses/${course.id}/lessons`, {
      token: admin,
      body: { title: 'The window', durationMinutes: 12, body: '# The window\n\nFive minutes, **no more**.' },
    });
    expect(lesson.status).toBe(201);
    expect(lesson.body.data).toMatchObject({ position: 1, title: 'The window', durationMinutes: 12 });
    // A draft's lesson is not a member's to open either.
    expect((await server.api('GET', `/api/mentorship/lessons/${lesson.body.data!.id}`, { token: member })).status).toBe(
      404,
    );

    const published = await server.api<TEditorCourse>('PATCH', `/api/admin/vault/courses/${course.id}`, {
      token: admin,
      body: { published: true },
    });
    expect(published.status).toBe(200);
    expect(published.body.message).toBe('Course published: members see it now.');
    expect(published.body.data!.publishedAt).not.toBeNull();
    // Publishing it again changes nothing, and says it is published.
    const again = await server.api<TEditorCourse>('PATCH', `/api/admin/vault/courses/${course.id}`, {
      token: admin,
      body: { published: true },
    });
    expect(again.status).toBe(200);
    expect(again.body.data!.publishedAt).toBe(published.body.data!.publishedAt);
    expect(await seen()).toContain(course.id);
    const detail = await server.api<TCourseDetail>('GET', `/api/mentorship/courses/${course.id}`, { token: member });
    expect(detail.body.data).toMatchObject({ lessonCount: 1, durationMinutes: 12, rating: null });
    const read = await server.api<TLesson>('GET', `/api/mentorship/lessons/${lesson.body.data!.id}`, { token: member });
    expect(read.body.data!.body).toBe('# The window\n\nFive minutes, **no more**.');

    // The only lesson of a published course stays until the course is unpublished.
    const last = await server.api('DELETE', `/api/admin/vault/lessons/${lesson.body.data!.id}`, { token: admin });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(
      'This is the only lesson of a published course: add another or unpublish the course first.',
    );
    const unpublished = await server.api<TEditorCourse>('PATCH', `/api/admin/vault/courses/${course.id}`, {
      token: admin,
      body: { published: false, title: 'Reading the chart' },
    });
    expect(unpublished.body.message).toBe('Course unpublished: members no longer see it.');
    expect(unpublished.body.data).toMatchObject({ publishedAt: null, title: 'Reading the chart' });
    expect(await seen()).not.toContain(course.id);

    const deleted = await server.api('DELETE', `/api/admin/vault/courses/${course.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await db.selectFrom('vault_lessons').select('id').where('course_id', '=', course.id).execute()).toEqual([]);
    expect(await auditActions(db, course.id)).toEqual([
      'vault.create',
      'vault.publish',
      'vault.unpublish',
      'vault.delete',
    ]);
  });

  it('refuses bad input with the field’s own words and writes nothing', async () => {
    const db = server.context.db;
    const before = (await db.selectFrom('vault_courses').select('id').execute()).length;
    const cases: [object, string, string][] = [
      [{ ...courseInput, title: '   ' }, 'title', 'Enter a title (at most 120 characters)'],
      [
        { ...courseInput, category: 'astrology' },
        'category',
        'Choose a category: fundamentals, psychology, risk-management, analysis, live-sessions',
      ],
      [
        { ...courseInput, topics: Array.from({ length: 9 }, (_, i) => `t${i}`) },
        'topics',
        'List at most 8 topics of at most 40 characters each',
      ],
      [{ ...courseInput, rating: 5 }, '', ''],
    ];
    for (const [body, field, message] of cases) {
      const answer = await server.api<null>('POST', '/api/admin/vault/courses', { token: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.success).toBe(false);
      if (field) expect(answer.body.error?.fields?.[field]).toBe(message);
    }
    expect((await db.selectFrom('vault_courses').select('id').execute()).length).toBe(before);
    const nothing = await server.api('PATCH', '/api/admin/vault/lessons/00000000-0000-4000-8000-000000000000', {
      token: admin,
      body: {},
    });
    expect(nothing.status).toBe(400);
    expect((await server.api('DELETE', '/api/admin/vault/courses/not-an-id', { token: admin })).status).toBe(404);
  });

  it('moves members’ reminders with a session’s new start, and the mail goes at the new time', async () => {
    const db = server.context.db;
    const past = await server.api('POST', '/api/admin/vault/sessions', {
      token: admin,
      body: { title: 'Late', host: 'Host', description: 'Gone', startsAt: '2020-01-01T10:00:00Z', durationMinutes: 30 },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('A session must start in the future.');

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const created = await server.api<TEditorSession>('POST', '/api/admin/vault/sessions', {
      token: admin,
      body: {
        title: 'Live review',
        host: 'Ada Mensah',
        description: 'The week',
        startsAt: inTwoHours,
        durationMinutes: 45,
      },
    });
    expect(created.status).toBe(201);
    const session = created.body.data!;
    const gold = await createMember(db, { tier: 'gold' });
    const set = await server.api<TLiveSession>('PUT', `/api/mentorship/sessions/${session.id}/reminder`, {
      token: gold.token,
    });
    expect(set.body.data!.reminderSet).toBe(true);

    // Moved to start 15 minutes and a moment from now: the reminder falls due at once.
    const soon = new Date(Date.now() + 15 * 60_000 + 1500);
    const moved = await server.api<TEditorSession>('PATCH', `/api/admin/vault/sessions/${session.id}`, {
      token: admin,
      body: { startsAt: soon.toISOString() },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ reminders: 1, startsAt: soon.toISOString() });
    const row = await db
      .selectFrom('session_reminders')
      .select('remind_at')
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.remind_at).getTime()).toBe(soon.getTime() - 15 * 60_000);
    const mail = await server.smtp.waitFor((m) => m.to.includes(gold.user.email), 10_000);
    expect(mail.subject).toContain('starts in 15 minutes');

    await server.api('DELETE', `/api/admin/vault/sessions/${session.id}`, { token: admin });
    expect(await db.selectFrom('session_reminders').selectAll().where('session_id', '=', session.id).execute()).toEqual(
      [],
    );
  });

  it('removes every sample item in one action, once; members then see only the operator’s own', async () => {
    const db = server.context.db;
    const editor = (await server.api<TVaultEditor>('GET', '/api/admin/vault', { token: admin })).body.data!;
    expect(editor.samples).toBeGreaterThan(0);
    const removed = await server.api<TSamplesRemoved>('DELETE', '/api/admin/vault/samples', { token: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ courses: 5, sessions: expect.any(Number), resources: 2 });
    const total = removed.body.data!.courses + removed.body.data!.sessions + removed.body.data!.resources;
    expect(total).toBe(editor.samples);
    expect(removed.body.message).toBe(`Removed ${total} sample items.`);
    const vault = (await server.api<TVault>('GET', '/api/mentorship', { token: member })).body.data!;
    expect([...vault.courses, ...vault.sessions, ...vault.resources].some((item) => item.sample)).toBe(false);
    const again = await server.api('DELETE', '/api/admin/vault/samples', { token: admin });
    expect(again.body.message).toBe('There was no sample content left to remove.');
    const audit = await pollUntil(
      () => db.selectFrom('audit_log').selectAll().where('action', '=', 'vault.samples-remove').executeTakeFirst(),
      { timeoutMs: 2000, message: 'audit row' },
    );
    expect(audit.before).toEqual(removed.body.data);
  });
});
