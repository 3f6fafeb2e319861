import {
  Messages,
  NOTIFICATION_LIMITS,
  NotificationMessages,
  type TNotification,
  type TNotificationsPage,
  type TUnreadCount,
} from '@signalroom/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertNotification } from '../../src/modules/notifications/notifications.repository.js';
import { NOTIFICATION_PRUNE_TASK } from '../../src/modules/notifications/notifications.tasks.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { barrierTick, connectClient, type TestClient, waitForBarrier } from '../realtime/realtime-helpers.js';
import { bellOf, supportReplyFor } from './notification-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the notification centre: list, live push, reading, keeping', () => {
  let server: TestServer;
  let admin: CreatedMember;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
    admin = await createMember(server.context.db, { role: 'admin', tier: 'gold', fullName: 'Sam Support' });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function connect(token: string): Promise<TestClient> {
    const client = await connectClient(server.url, token);
    clients.push(client);
    return client;
  }

  /** Writes a notification straight into the table (a given kind, time and ref), for paging and keeping. */
  async function seed(member: CreatedMember, at: Date, ref: string): Promise<string> {
    const data = { ticketId: ref, messageId: ref, subject: `Seeded ${ref}` };
    const row = await insertNotification(server.context.db, {
      userId: member.user.id,
      kind: 'support-reply',
      ref,
      data,
      at,
    });
    return row!.id;
  }

  it("pushes a support reply to its member's sockets alone, and counts it unread", async () => {
    const member = await createMember(server.context.db, { fullName: 'Nia Notified' });
    const other = await createMember(server.context.db, { fullName: 'Oli Other' });
    const [mine, theirs] = await Promise.all([connect(member.token), connect(other.token)]);

    const { ticketId } = await supportReplyFor(server, admin, member, 'Deposit missing');
    const pushed: TNotification = await mine.waitFor(
      'notification:new',
      (n: TNotification) => n.kind === 'support-reply',
    );
    expect(pushed).toMatchObject({
      kind: 'support-reply',
      readAt: null,
      data: { ticketId, subject: 'Deposit missing' },
    });

    const bell = await bellOf(server, member.token);
    expect(bell.unreadCount).toBe(1);
    expect(bell.hasMore).toBe(false);
    expect(bell.items).toEqual([pushed]);

    // Events reach a socket in order: after the barrier, the other member's socket has had its chance.
    const tick = barrierTick(1);
    await server.context.bus.publish(tick);
    await waitForBarrier(theirs, tick);
    expect(theirs.all('notification:new')).toEqual([]);
    expect(await bellOf(server, other.token)).toEqual({ items: [], unreadCount: 0, hasMore: false });
    // The admin who answered is not told of their own reply.
    expect((await bellOf(server, admin.token)).items.filter((n) => n.kind === 'support-reply')).toEqual([]);
  });

  it("marks one read (the member's other device hears it) and answers 404 for another member's, changing nothing", async () => {
    const member = await createMember(server.context.db, { fullName: 'Rea Reader' });
    const intruder = await createMember(server.context.db, { fullName: 'Ian Intruder' });
    await supportReplyFor(server, admin, member, 'First question');
    await supportReplyFor(server, admin, member, 'Second question');
    const [first, second] = (await bellOf(server, member.token)).items;
    expect((await bellOf(server, member.token)).unreadCount).toBe(2);
    const otherDevice = await connect(member.token);

    // Another member cannot read, mark or even learn of it: the same 404 as an id that does not exist.
    const stolen = await server.api('POST', `/api/notifications/${second!.id}/read`, { token: intruder.token });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toMatchObject({ success: false, message: Messages.common.notFound, data: null });
    expect(stolen.body.error).toMatchObject({ code: 'not_found' });
    const unknown = await server.api('POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read', {
      token: member.token,
    });
    expect(unknown.status).toBe(404);
    expect((await bellOf(server, member.token)).items.every((n) => n.readAt === null)).toBe(true);
    expect((await server.api('POST', '/api/notifications/read-all', { token: intruder.token, body: {} })).status).toBe(
      200,
    );
    expect((await bellOf(server, member.token)).unreadCount).toBe(2);

    const read = await server.api<TUnreadCount>('POST', `/api/notifications/${second!.id}/read`, {
      token: member.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ message: NotificationMessages.markedRead, data: { unreadCount: 1 } });
    expect(await otherDevice.waitFor('notification:read')).toEqual({ ids: [second!.id] });
    // Reading it again keeps its first time.
    const readAt = (await bellOf(server, member.token)).items.find((n) => n.id === second!.id)!.readAt;
    expect(readAt).not.toBeNull();
    await server.api('POST', `/api/notifications/${second!.id}/read`, { token: member.token });
    expect((await bellOf(server, member.token)).items.find((n) => n.id === second!.id)!.readAt).toBe(readAt);

    const all = await server.api<TUnreadCount>('POST', '/api/notifications/read-all', {
      token: member.token,
      body: {},
    });
    expect(all.body).toMatchObject({ message: NotificationMessages.allRead, data: { unreadCount: 0 } });
    expect(await otherDevice.waitFor('notification:read', (e: { ids: unknown }) => e.ids === null)).toEqual({
      ids: null,
    });
    const after = await bellOf(server, member.token);
    expect(after.unreadCount).toBe(0);
    expect(after.items.find((n) => n.id === first!.id)!.readAt).not.toBeNull();
  });

  it('refuses bad input with a 4xx in the envelope, never a 500', async () => {
    const member = await createMember(server.context.db);
    const other = await createMember(server.context.db);
    const othersId = await seed(other, new Date(), 'others-cursor');
    const cases: Array<[string, string, unknown, number, string]> = [
      ['GET', '/api/notifications?limit=0', undefined, 400, NotificationMessages.limitInvalid],
      ['GET', '/api/notifications?limit=51', undefined, 400, NotificationMessages.limitInvalid],
      ['GET', '/api/notifications?limit=abc', undefined, 400, NotificationMessages.limitInvalid],
      ['GET', '/api/notifications?before=nonsense', undefined, 400, NotificationMessages.beforeInvalid],
      // Another member's notification is no cursor either (and says nothing about it).
      ['GET', `/api/notifications?before=${othersId}`, undefined, 400, NotificationMessages.beforeInvalid],
      ['GET', '/api/notifications?page=2', undefined, 400, Messages.common.unknownQueryParameter('page')],
      ['POST', '/api/notifications/not-an-id/read', undefined, 404, Messages.common.notFound],
      ['POST', `/api/notifications/${'x'.repeat(90)}/read`, undefined, 404, Messages.common.notFound],
      ['POST', '/api/notifications/read-all', { all: true }, 400, Messages.common.unknownField('all')],
      ['POST', '/api/notifications/read-all', [1, 2], 400, Messages.common.bodyNotObject],
    ];
    for (const [method, path, body, status, message] of cases) {
      const answer = await server.api(method, path, { token: member.token, body });
      expect(answer.status, `${method} ${path.slice(0, 60)}`).toBe(status);
      expect(answer.body).toMatchObject({ success: false, message, data: null });
    }
    const anonymous = await server.api('GET', '/api/notifications');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
  });

  it('lists newest first, a page at a time', async () => {
    const member = await createMember(server.context.db);
    const start = Date.now() - 60 * 60_000;
    const ids: string[] = [];
    for (let i = 0; i < NOTIFICATION_LIMITS.pageSize + 5; i += 1) {
      ids.push(await seed(member, new Date(start + i * 60_000), `page-${i}`));
    }
    const newestFirst = [...ids].reverse();
    const first = await bellOf(server, member.token);
    expect(first.items.map((n) => n.id)).toEqual(newestFirst.slice(0, NOTIFICATION_LIMITS.pageSize));
    expect(first).toMatchObject({ hasMore: true, unreadCount: ids.length });
    const last = first.items.at(-1)!.id;
    const second = await bellOf(server, member.token, `?before=${last}`);
    expect(second.items.map((n) => n.id)).toEqual(newestFirst.slice(NOTIFICATION_LIMITS.pageSize));
    expect(second.hasMore).toBe(false);
    const small = await server.api<TNotificationsPage>('GET', '/api/notifications?limit=3', { token: member.token });
    expect(small.body.data!.items).toHaveLength(3);
  });

  it(`keeps notifications ${NOTIFICATION_LIMITS.keptDays} days: the daily prune deletes older ones`, async () => {
    const member = await createMember(server.context.db);
    const now = Date.now();
    const old = await seed(member, new Date(now - (NOTIFICATION_LIMITS.keptDays + 1) * DAY_MS), 'old');
    const kept = await seed(member, new Date(now - (NOTIFICATION_LIMITS.keptDays - 1) * DAY_MS), 'kept');
    expect((await bellOf(server, member.token)).items.map((n) => n.id)).toEqual([kept, old]);

    // The task as the queue runs it (at start, then each midnight); one run is enough.
    await server.context.tasks.schedule(NOTIFICATION_PRUNE_TASK, 'test-run', {});
    await pollUntil(
      async () => {
        const left = (await bellOf(server, member.token)).items.map((n) => n.id);
        return left.length === 1 && left[0] === kept;
      },
      { timeoutMs: 10_000, message: 'the old notification was not pruned' },
    );
    const tomorrow = await server.context.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(tomorrow.map((r) => r.id)).toEqual([kept]);
  });

  it("exports the member's notifications and erases them with the membership", async () => {
    const member = await createMember(server.context.db, { fullName: 'Eve Export' });
    const other = await createMember(server.context.db);
    const { ticketId } = await supportReplyFor(server, admin, member, 'Export me');
    await supportReplyFor(server, admin, other, 'Keep me');
    const exported = await server.api<never>('GET', '/api/users/export', { token: member.token });
    expect(exported.status).toBe(200);
    const file = exported.body as unknown as { notifications: TNotification[] };
    expect(file.notifications).toHaveLength(1);
    expect(file.notifications[0]).toMatchObject({ kind: 'support-reply', data: { ticketId, subject: 'Export me' } });

    const deleted = await server.api('DELETE', '/api/users/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(200);
    const left = await server.context.db
      .selectFrom('notifications')
      .select(['user_id'])
      .where('user_id', 'in', [member.user.id, other.user.id])
      .execute();
    expect(left).toEqual([{ user_id: other.user.id }]);
  });
});
