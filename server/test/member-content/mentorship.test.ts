import { randomBytes } from 'node:crypto';
import type { TLessonCompletion, TLiveSession, TVault } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { expectNothingWithin, pollUntil } from '../helpers/wait-for.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const count = async (db: Db, table: 'lesson_completions' | 'session_reminders') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A live session starting `inMs` from now, so its reminder falls due 15 minutes before. */
async function insertSession(db: Db, inMs: number): Promise<string> {
  const row = await db
    .insertInto('vault_sessions')
    .values({
      title: `Test session ${randomBytes(3).toString('hex')}`,
      host: 'Test Host',
      description: 'A session for tests',
      starts_at: new Date(Date.now() + inMs),
      duration_minutes: 30,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const FIFTEEN_MINUTES = 15 * 60_000;

describe('the Master Vault', () => {
  it('is for members with live access: a guest, even in the trial, and a locked silver member get 403', async () => {
    const db = server.context.db;
    const guest = await createMember(db);
    const locked = await createMember(db, { tier: 'silver', dashboardUnlocked: false });
    for (const token of [guest.token, locked.token]) {
      const answer = await server.api('GET', '/api/mentorship', { token });
      expect(answer.status).toBe(403);
      expect(answer.body.success).toBe(false);
    }
    expect((await server.api('GET', '/api/mentorship')).status).toBe(401);
  });

  it('shows the sample courses, category counts, sessions and resources, with progress from completions', async () => {
    const { token } = await createMember(server.context.db, { tier: 'silver' });
    const { status, body } = await server.api<TVault>('GET', '/api/mentorship', { token });
    expect(status).toBe(200);
    const vault = body.data!;
    expect(vault.courses).toHaveLength(5);
    expect(vault.courses.every((course) => course.sample)).toBe(true);
    expect(vault.courses.filter((course) => course.featured)).toHaveLength(1);
    expect(vault.categories.map((c) => c.count)).toEqual([1, 1, 1, 1, 1]);
    expect(vault.overall).toEqual({ completedLessons: 0, totalLessons: 15, percent: 0 });
    expect(vault.achievements.every((a) => !a.earned)).toBe(true);
    expect(vault.sessions.length).toBeGreaterThanOrEqual(3);
    expect(vault.resources.map((r) => r.fileName)).toEqual(['risk-checklist.txt', 'trading-journal.csv']);
  });

  it('stores a completed lesson per member: course and overall progress rise, achievements follow', async () => {
    const db = server.context.db;
    const member = await createMember(db, { tier: 'gold' });
    const other = await createMember(db, { tier: 'gold' });
    const vault = (await server.api<TVault>('GET', '/api/mentorship', { token: member.token })).body.data!;
    const risk = vault.courses.find((course) => course.category === 'risk-management')!;
    const course = (
      await server.api<{ lessons: { id: string }[] }>('GET', `/api/mentorship/courses/${risk.id}`, {
        token: member.token,
      })
    ).body.data!;
    expect(course.lessons).toHaveLength(3);

    const lesson = await server.api<{ body: string; completed: boolean }>(
      'GET',
      `/api/mentorship/lessons/${course.lessons[0]!.id}`,
      { token: member.token },
    );
    expect(lesson.body.data!.body).toContain('## ');
    expect(lesson.body.data!.completed).toBe(false);

    let last: TLessonCompletion | null = null;
    for (const item of course.lessons) {
      const done = await server.api<TLessonCompletion>('PUT', `/api/mentorship/lessons/${item.id}/completion`, {
        token: member.token,
        body: { completed: true },
      });
      expect(done.status).toBe(200);
      last = done.body.data!;
    }
    expect(last!.course.progress).toBe(100);
    expect(last!.overall).toEqual({ completedLessons: 3, totalLessons: 15, percent: 20 });
    // Completing again keeps one row.
    await server.api('PUT', `/api/mentorship/lessons/${course.lessons[0]!.id}/completion`, {
      token: member.token,
      body: { completed: true },
    });
    const after = (await server.api<TVault>('GET', '/api/mentorship', { token: member.token })).body.data!;
    expect(after.overall.completedLessons).toBe(3);
    expect(after.stats.coursesCompleted).toBe(1);
    const earned = after.achievements.filter((a) => a.earned).map((a) => a.id);
    expect(earned).toEqual(['first-lesson', 'first-course', 'risk-manager']);
    // Another member's progress is their own.
    const theirs = (await server.api<TVault>('GET', '/api/mentorship', { token: other.token })).body.data!;
    expect(theirs.overall.completedLessons).toBe(0);

    const undone = await server.api<TLessonCompletion>(
      'PUT',
      `/api/mentorship/lessons/${course.lessons[1]!.id}/completion`,
      { token: member.token, body: { completed: false } },
    );
    expect(undone.body.data!.course.progress).toBe(67);
  });

  it('refuses bad completion input with a clear message and writes nothing', async () => {
    const db = server.context.db;
    const { token } = await createMember(db, { tier: 'pro' });
    const vault = (await server.api<TVault>('GET', '/api/mentorship', { token })).body.data!;
    const course = (
      await server.api<{ lessons: { id: string }[] }>('GET', `/api/mentorship/courses/${vault.courses[0]!.id}`, {
        token,
      })
    ).body.data!;
    const before = await count(db, 'lesson_completions');
    const wrongType = await server.api('PUT', `/api/mentorship/lessons/${course.lessons[0]!.id}/completion`, {
      token,
      body: { completed: 'yes' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('Say whether the lesson is complete (true or false)');
    const unknown = await server.api('PUT', `/api/mentorship/lessons/${randomBytes(4).toString('hex')}/completion`, {
      token,
      body: { completed: true },
    });
    expect(unknown.status).toBe(404);
    expect(await count(db, 'lesson_completions')).toBe(before);
  });

  it('serves a stored resource as a download', async () => {
    const { token } = await createMember(server.context.db, { tier: 'silver' });
    const vault = (await server.api<TVault>('GET', '/api/mentorship', { token })).body.data!;
    const resource = vault.resources[0]!;
    const response = await fetch(`${server.url}/api/mentorship/resources/${resource.id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${resource.fileName}"`);
    const text = await response.text();
    expect(text).toContain('Risk checklist');
    expect(Buffer.byteLength(text)).toBe(resource.sizeBytes);
  });
});

describe('session reminders', () => {
  it('e-mails the member 15 minutes before the session, once', async () => {
    const db = server.context.db;
    const member = await createMember(db, { tier: 'gold' });
    const sessionId = await insertSession(db, FIFTEEN_MINUTES + 1500);
    const set = await server.api<TLiveSession>('PUT', `/api/mentorship/sessions/${sessionId}/reminder`, {
      token: member.token,
    });
    expect(set.status).toBe(200);
    expect(set.body.data!.reminderSet).toBe(true);
    const mail = await server.smtp.waitFor((m) => m.to.includes(member.user.email), 10_000);
    expect(mail.subject).toContain('starts in 15 minutes');
    const row = await pollUntil(
      () => db.selectFrom('session_reminders').select('sent_at').where('session_id', '=', sessionId).executeTakeFirst(),
      { timeoutMs: 3000, message: 'reminder row' },
    );
    expect(row.sent_at).not.toBeNull();
  });

  it('cancels a reminder: the row goes and no mail is sent', async () => {
    const db = server.context.db;
    const member = await createMember(db, { tier: 'gold' });
    const sessionId = await insertSession(db, FIFTEEN_MINUTES + 1500);
    await server.api('PUT', `/api/mentorship/sessions/${sessionId}/reminder`, { token: member.token });
    const cancelled = await server.api<TLiveSession>('DELETE', `/api/mentorship/sessions/${sessionId}/reminder`, {
      token: member.token,
    });
    expect(cancelled.body.data!.reminderSet).toBe(false);
    expect(await db.selectFrom('session_reminders').selectAll().where('session_id', '=', sessionId).execute()).toEqual(
      [],
    );
    await expectNothingWithin(3000, 'a cancelled reminder was mailed', () =>
      server.smtp.messages.some((m) => m.to.includes(member.user.email)),
    );
  });

  it('refuses a reminder too close to the start, and for an unknown session, writing nothing', async () => {
    const db = server.context.db;
    const { token } = await createMember(db, { tier: 'gold' });
    const soon = await insertSession(db, 10 * 60_000);
    const before = await count(db, 'session_reminders');
    const late = await server.api('PUT', `/api/mentorship/sessions/${soon}/reminder`, { token });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This session starts in less than 15 minutes, too soon for a reminder.');
    const unknown = await server.api('PUT', '/api/mentorship/sessions/not-an-id/reminder', { token });
    expect(unknown.status).toBe(404);
    expect(await count(db, 'session_reminders')).toBe(before);
  });
});
