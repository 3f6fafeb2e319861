import {
  CommunityMessages,
  type TCommunityPage,
  type TCommunityPost,
  type TNotification,
  type TSessionData,
  type TUser,
} from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noticeTierExpiring } from '../../src/modules/tier-grants/tier-expiring.task.js';
import { expireTierGrant } from '../../src/modules/tier-grants/tier-expiry.task.js';
import { uploadProof, validProof } from '../activation/activation-helpers.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';
import { bellOf, notificationsOfKind } from './notification-helpers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// Each fact the product records tells exactly one member, once, in the fact's own transaction.
describe('what puts a notification in the bell', () => {
  let server: TestServer;
  let admin: CreatedMember;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100', RATE_LIMITS: 'false' });
    admin = await createMember(server.context.db, { role: 'admin', tier: 'gold', fullName: 'Ada Admin' });
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

  it('a reviewed proof: approved with its tier (no second notice for the tier), or rejected with the reason', async () => {
    const approved = await createMember(server.context.db, { fullName: 'Pia Proof' });
    const rejected = await createMember(server.context.db, { fullName: 'Rob Rejected' });
    const socket = await connect(approved.token);
    const proofs: string[] = [];
    for (const member of [approved, rejected]) {
      const sent = await uploadProof<{ proof: { id: string } }>(server, member.token, validProof());
      expect(sent.status, sent.body.message).toBe(201);
      const latest = await server.context.db
        .selectFrom('activation_proofs')
        .select('id')
        .where('user_id', '=', member.user.id)
        .executeTakeFirstOrThrow();
      proofs.push(latest.id);
    }
    const ok = await server.api('POST', `/api/admin/activations/${proofs[0]}/approve`, {
      token: admin.token,
      body: { tier: 'pro' },
    });
    expect(ok.status, ok.body.message).toBe(200);
    const no = await server.api('POST', `/api/admin/activations/${proofs[1]}/reject`, {
      token: admin.token,
      body: { reason: 'The file shows another name.' },
    });
    expect(no.status, no.body.message).toBe(200);

    const pushed: TNotification = await socket.waitFor(
      'notification:new',
      (n: TNotification) => n.kind === 'activation',
    );
    expect(pushed.data).toEqual({ proofId: proofs[0], decision: 'approved', tier: 'pro', reason: null });
    expect((await bellOf(server, approved.token)).items).toEqual([pushed]);
    const [refusal] = (await bellOf(server, rejected.token)).items;
    expect(refusal).toMatchObject({
      kind: 'activation',
      data: { proofId: proofs[1], decision: 'rejected', tier: null, reason: 'The file shows another name.' },
    });
    expect((await bellOf(server, rejected.token)).items).toHaveLength(1);
  });

  it('a tier changed by an admin, its end announced a day before, and its end', async () => {
    const member = await createMember(server.context.db, { tier: 'silver', fullName: 'Tia Timed' });
    const socket = await connect(member.token);
    const expiresAt = new Date(Date.now() + 2 * DAY_MS);
    const patch = (body: Record<string, unknown>) =>
      server.api<TUser>('PATCH', `/api/admin/users/${member.user.id}/access`, { token: admin.token, body });
    const granted = await patch({
      tier: 'gold',
      dashboardUnlocked: true,
      hasDeposited: true,
      expiresAt: expiresAt.toISOString(),
      reason: 'Trial of gold',
    });
    expect(granted.status, granted.body.message).toBe(200);
    const changed: TNotification = await socket.waitFor(
      'notification:new',
      (n: TNotification) => n.kind === 'tier-changed',
    );
    expect(changed.data).toMatchObject({
      tier: 'gold',
      previousTier: 'silver',
      dashboardUnlocked: true,
      expiresAt: expiresAt.toISOString(),
    });
    const grantId = (changed.data as { grantId: string }).grantId;
    // The same save again changes nothing the member would notice: no second notification.
    const unchanged = await server.api<TUser>('PATCH', `/api/admin/users/${member.user.id}/access`, {
      token: admin.token,
      body: { tier: 'gold', dashboardUnlocked: true, hasDeposited: true, expiresAt: expiresAt.toISOString() },
    });
    expect(unchanged.status).toBe(200);
    expect(await notificationsOfKind(server, member.token, 'tier-changed')).toHaveLength(1);
    const latestGrant = (await notificationsOfKind(server, member.token, 'tier-changed'))[0]!;
    expect(latestGrant.id).toBe(changed.id);

    // The newest grant is the running one: its notice and its end are what the task queue runs.
    const running = await server.context.db
      .selectFrom('tier_grants')
      .select('id')
      .where('user_id', '=', member.user.id)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(running.id).not.toBe(grantId);
    const realNow = server.context.now;
    try {
      // Too early: nothing yet (the task is put back to its time).
      expect(await noticeTierExpiring(server.context, running.id)).toBe('early');
      expect(await notificationsOfKind(server, member.token, 'tier-expiring')).toEqual([]);
      server.context.now = () => new Date(expiresAt.getTime() - DAY_MS + 500);
      expect(await noticeTierExpiring(server.context, running.id)).toBe('noticed');
      // A task run twice adds nothing.
      await noticeTierExpiring(server.context, running.id);
      const expiring = await notificationsOfKind(server, member.token, 'tier-expiring');
      expect(expiring).toHaveLength(1);
      expect(expiring[0]!.data).toEqual({
        grantId: running.id,
        tier: 'gold',
        returnsTo: 'silver',
        expiresAt: expiresAt.toISOString(),
      });
      await socket.waitFor('notification:new', (n: TNotification) => n.kind === 'tier-expiring');

      server.context.now = () => new Date(expiresAt.getTime() + 500);
      expect(await expireTierGrant(server.context, running.id)).toBe('expired');
      const ended: TNotification = await socket.waitFor(
        'notification:new',
        (n: TNotification) => n.kind === 'tier-ended',
      );
      expect(ended.data).toEqual({ grantId: running.id, tier: 'gold', returnsTo: 'silver' });
    } finally {
      server.context.now = realNow;
    }
    const bell = await bellOf(server, member.token);
    expect(bell.items.map((n) => n.kind)).toEqual(['tier-ended', 'tier-expiring', 'tier-changed']);
    expect(bell.unreadCount).toBe(3);
  });

  it("a reply to a member's post tells its author alone; a reply to oneself tells nobody", async () => {
    const author = await createMember(server.context.db, { tier: 'silver', fullName: 'Ana Author' });
    const replier = await createMember(server.context.db, { tier: 'pro', fullName: 'Rex Replier' });
    const socket = await connect(author.token);
    const post = async (token: string, body: Record<string, unknown>) =>
      server.api<TCommunityPost>('POST', '/api/community/posts', { token, body });

    const original = await post(author.token, { body: 'EUR/USD looks strong this morning.' });
    expect(original.status).toBe(201);
    expect(original.body.data!.replyTo).toBeNull();
    const answer = await post(replier.token, {
      body: `Agreed,   the London open\nconfirmed it. ${'More detail. '.repeat(20)}`,
      replyToId: original.body.data!.id,
    });
    expect(answer.status, answer.body.message).toBe(201);
    expect(answer.body.data!.replyTo).toEqual({ id: original.body.data!.id, authorName: 'Ana Author' });

    const pushed: TNotification = await socket.waitFor(
      'notification:new',
      (n: TNotification) => n.kind === 'community-reply',
    );
    expect(pushed.data).toMatchObject({
      postId: answer.body.data!.id,
      replyToId: original.body.data!.id,
      authorName: 'Rex Replier',
    });
    const excerpt = (pushed.data as { excerpt: string }).excerpt;
    expect(excerpt.startsWith('Agreed, the London open confirmed it.')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(120);
    expect(excerpt.endsWith('…')).toBe(true);

    const self = await post(author.token, { body: 'Thanks!', replyToId: answer.body.data!.id });
    expect(self.status).toBe(201);
    const selfOwn = await post(author.token, { body: 'Adding to my own post.', replyToId: original.body.data!.id });
    expect(selfOwn.status).toBe(201);
    // The reply to Rex's post told Rex; the reply to her own post told nobody.
    expect(await notificationsOfKind(server, replier.token, 'community-reply')).toHaveLength(1);
    expect(await notificationsOfKind(server, author.token, 'community-reply')).toHaveLength(1);

    const feed = await server.api<TCommunityPage>('GET', '/api/community/posts', { token: replier.token });
    expect(feed.body.data!.posts.find((p) => p.id === answer.body.data!.id)!.replyTo).toEqual({
      id: original.body.data!.id,
      authorName: 'Ana Author',
    });

    for (const replyToId of ['not-a-post', '00000000-0000-4000-8000-000000000000']) {
      const refused = await post(replier.token, { body: 'Into the void', replyToId });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(CommunityMessages.replyTargetGone);
    }
    const hidden = await server.api('PATCH', `/api/admin/community/posts/${original.body.data!.id}`, {
      token: admin.token,
      body: { hidden: true },
    });
    expect(hidden.status).toBe(200);
    const toHidden = await post(replier.token, { body: 'Too late', replyToId: original.body.data!.id });
    expect(toHidden.status).toBe(400);
  });

  it('a sign-in from a new browser, not the first browser of an account nor a known one', async () => {
    const member = await createMember(server.context.db, { fullName: 'Bea Browser' });
    const socket = await connect(member.token);
    const login = async (deviceToken?: string) => {
      const answer = await server.api<TSessionData>('POST', '/api/auth/login', {
        body: { email: member.user.email, password: member.password, ...(deviceToken ? { deviceToken } : {}) },
        headers: { 'user-agent': CHROME_ON_WINDOWS },
      });
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.data!;
    };
    const first = await login();
    expect(await notificationsOfKind(server, member.token, 'new-browser')).toEqual([]);
    await login(first.deviceToken);
    expect(await notificationsOfKind(server, member.token, 'new-browser')).toEqual([]);

    await login();
    const pushed: TNotification = await socket.waitFor(
      'notification:new',
      (n: TNotification) => n.kind === 'new-browser',
    );
    expect(pushed.data).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10', ip: '127.0.0.1' });
    const sessions = await server.context.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(sessions.map((s) => s.id)).toContain((pushed.data as { sessionId: string }).sessionId);
    expect(await notificationsOfKind(server, member.token, 'new-browser')).toHaveLength(1);
  });

  it('a signal delivered outside the page: one notice per member it went to, given its outcome later', async () => {
    const db = server.context.db;
    const gold = await createMember(db, { tier: 'gold', fullName: 'Gil Gold' });
    const optedOut = await createMember(db, { tier: 'gold', fullName: 'Quinn Quiet' });
    const guest = await createMember(db, { fullName: 'Gus Guest' });
    const saved = await server.api('PUT', '/api/users/notifications', {
      token: optedOut.token,
      body: { signals: false, trades: true, marketing: false, security: true },
    });
    expect(saved.status).toBe(200);
    const [goldSocket, guestSocket] = await Promise.all([connect(gold.token), connect(guest.token)]);

    const row = await insertSignal(db, { slotStart: new Date(), daySequence: 1, asset: 'AUD/CAD (OTC)' });
    await server.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
    const delivered: TNotification = await goldSocket.waitFor(
      'notification:new',
      (n: TNotification) => n.kind === 'signal' && (n.data as { signalId: string }).signalId === row.id,
      15_000,
    );
    expect(delivered.data).toMatchObject({
      signalId: row.id,
      asset: 'AUD/CAD (OTC)',
      direction: 'CALL',
      status: 'active',
      outcome: null,
    });
    // E-mail and, were there any, Web Push and Telegram: still one notice.
    expect(await notificationsOfKind(server, gold.token, 'signal')).toHaveLength(1);
    expect(await notificationsOfKind(server, optedOut.token, 'signal')).toEqual([]);
    expect(await notificationsOfKind(server, guest.token, 'signal')).toEqual([]);
    expect(guestSocket.all('notification:new')).toEqual([]);

    const resolved = await db
      .updateTable('signals')
      .set({ status: 'closed', outcome: 'profit', resolved_level: 0, exit_price: 1.09, resolved_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await server.context.bus.publish({ type: 'signal:update', signal: presentSignal(resolved) });
    const updated: TNotification = await goldSocket.waitFor('notification:update', () => true, 15_000);
    expect(updated.id).toBe(delivered.id);
    expect(updated.data).toMatchObject({ status: 'closed', outcome: 'profit', resolvedLevel: 0 });
    expect(updated.updatedAt).not.toBeNull();
    const [stored] = await notificationsOfKind(server, gold.token, 'signal');
    expect(stored).toEqual(updated);
    // Still one notice, still unread: the outcome changes it, it does not add one.
    expect((await bellOf(server, gold.token)).unreadCount).toBe(1);
    await pollUntil(async () => (await notificationsOfKind(server, admin.token, 'signal')).length === 1, {
      timeoutMs: 5000,
      message: "the admin's own notice of the signal is missing",
    });
  });
});
