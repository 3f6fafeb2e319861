import {
  type AuditAction,
  apiRoutes,
  dayKeyInZone,
  type Pagination,
  type TAdminMemberDetail,
  type TAuditEntry,
  type TUser,
} from '@signalroom/shared';
import { insertSignalForSlot } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadProof, validProof } from '../activation/activation-helpers.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

describe('audit trail of admin actions', () => {
  let server: TestServer;
  let admin: CreatedMember;
  let member: CreatedMember;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
    admin = await createMember(server.context.db, { role: 'admin', fullName: 'Audit Admin' });
    member = await createMember(server.context.db, { fullName: 'Kemi Ade', email: 'kemi.ade@example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = <T>(method: string, path: string, body?: unknown) =>
    server.api<T>(method, path, { token: admin.token, ...(body === undefined ? {} : { body }) });

  /** The newest audit row of an action, read through the API (the screen's own call). */
  async function latest(action: AuditAction): Promise<TAuditEntry> {
    const page = await asAdmin<TAuditEntry[]>('GET', `/api/admin/audit?action=${action}&limit=1`);
    expect(page.status).toBe(200);
    const row = page.body.data?.[0];
    if (!row) throw new Error(`no audit row for ${action}`);
    expect(row).toMatchObject({ actorId: admin.user.id, actorEmail: admin.user.email, ip: '127.0.0.1' });
    return row;
  }

  it('answers 401 without a session and 403 for a member on every admin route of the contract', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    const admins = apiRoutes().filter((route) => route.group === 'admin');
    expect(admins.map((r) => r.path)).toEqual(expect.arrayContaining(['/admin/audit', '/admin/users/:id']));
    for (const route of admins) {
      const path = `/api${route.path.replace(/:\w+/g, someId)}`;
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const anonymous = await server.api(route.method, path, { body });
      expect(anonymous.status, `${route.method} ${path}`).toBe(401);
      const forbidden = await server.api(route.method, path, { body, token: member.token });
      expect(forbidden.status, `${route.method} ${path}`).toBe(403);
    }
    const rows = await server.context.db.selectFrom('audit_log').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('records an access change with before, after, reason and address, in the change itself', async () => {
    const expiresAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const changed = await asAdmin<TUser>('PATCH', `/api/admin/users/${member.user.id}/access`, {
      tier: 'pro',
      dashboardUnlocked: true,
      hasDeposited: false,
      expiresAt,
      reason: 'Pro for the webinar',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ tier: 'pro', tierExpiresAt: expiresAt });
    const row = await latest('member.access');
    expect(row).toMatchObject({
      targetType: 'member',
      targetId: member.user.id,
      targetLabel: member.user.email,
      before: { tier: 'guest', dashboardUnlocked: false, hasDeposited: false, tierExpiresAt: null },
      after: { tier: 'pro', dashboardUnlocked: true, hasDeposited: false, tierExpiresAt: expiresAt },
      reason: 'Pro for the webinar',
    });

    // A refused change writes neither the change nor a row.
    const count = async () => (await server.context.db.selectFrom('audit_log').select('id').execute()).length;
    const before = await count();
    const refused = await asAdmin('PATCH', `/api/admin/users/${member.user.id}/access`, {
      tier: 'guest',
      dashboardUnlocked: false,
      hasDeposited: false,
      expiresAt,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('An expiry needs a paid tier: silver, pro or gold.');
    const past = await asAdmin('PATCH', `/api/admin/users/${member.user.id}/access`, {
      tier: 'gold',
      dashboardUnlocked: true,
      hasDeposited: true,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.body.message).toBe('The expiry must be in the future.');
    expect(await count()).toBe(before);
  });

  it('records role changes and dashboard codes (never the code itself)', async () => {
    await asAdmin('POST', `/api/admin/users/${member.user.id}/role`, { role: 'admin' });
    expect(await latest('member.role')).toMatchObject({ before: { role: 'member' }, after: { role: 'admin' } });
    await asAdmin('POST', `/api/admin/users/${member.user.id}/role`, { role: 'member' });
    expect(await latest('member.role')).toMatchObject({ before: { role: 'admin' }, after: { role: 'member' } });

    const issued = await asAdmin<{ code: string; expiresAt: string }>(
      'POST',
      `/api/admin/users/${member.user.id}/dashboard-code`,
      { tier: 'silver' },
    );
    expect(issued.status).toBe(201);
    const row = await latest('member.dashboard-code');
    expect(row).toMatchObject({
      targetId: member.user.id,
      before: { unusedCodeReplaced: false },
      after: { tier: 'silver', expiresAt: issued.body.data!.expiresAt },
    });
    expect(JSON.stringify(row)).not.toContain(issued.body.data!.code);
  });

  it('records offer resets, activation reviews and support ticket status changes', async () => {
    const reset = await asAdmin<{ deadline: string }>('POST', '/api/countdown/reset', { durationMinutes: 90 });
    expect(reset.status).toBe(200);
    const offer = await latest('offer.reset');
    expect(offer).toMatchObject({
      targetType: 'offer',
      after: { deadline: reset.body.data!.deadline, durationMinutes: 90 },
    });
    expect((offer.before as { deadline: string }).deadline).toEqual(expect.any(String));

    const proofOf = async (m: CreatedMember) =>
      (await uploadProof<{ activation: { proof: { id: string } } }>(server, m.token, validProof())).body.data!
        .activation.proof.id;
    const approveMember = await createMember(server.context.db);
    const rejectMember = await createMember(server.context.db);
    const approveId = await proofOf(approveMember);
    const rejectId = await proofOf(rejectMember);
    expect((await asAdmin('POST', `/api/admin/activations/${approveId}/approve`, { tier: 'gold' })).status).toBe(200);
    expect(await latest('activation.review')).toMatchObject({
      targetType: 'activation',
      targetId: approveId,
      targetLabel: approveMember.user.email,
      before: { status: 'pending', tier: 'guest', dashboardUnlocked: false },
      after: { status: 'approved', tier: 'gold', dashboardUnlocked: true },
    });
    const reason = 'The receipt is cut off.';
    expect((await asAdmin('POST', `/api/admin/activations/${rejectId}/reject`, { reason })).status).toBe(200);
    expect(await latest('activation.review')).toMatchObject({
      targetId: rejectId,
      before: { status: 'pending' },
      after: { status: 'rejected' },
      reason,
    });

    const ticket = await server.api<{ id: string }>('POST', '/api/support/tickets', {
      token: member.token,
      body: { category: 'other', subject: 'Audit me', message: 'A ticket whose status changes.' },
    });
    const ticketId = ticket.body.data!.id;
    expect((await asAdmin('PATCH', `/api/admin/support/tickets/${ticketId}`, { status: 'resolved' })).status).toBe(200);
    expect(await latest('support.status')).toMatchObject({
      targetType: 'ticket',
      targetId: ticketId,
      targetLabel: 'Audit me',
      before: { status: 'open' },
      after: { status: 'resolved' },
    });
  });

  it('filters the log by actor, target, action and days, in pages', async () => {
    const other = await createMember(server.context.db, { role: 'admin', email: 'second.admin@example.com' });
    await server.api('POST', `/api/admin/users/${member.user.id}/dashboard-code`, {
      token: other.token,
      body: { tier: 'silver' },
    });

    const byActor = await asAdmin<TAuditEntry[]>('GET', '/api/admin/audit?actor=SECOND.admin');
    expect(byActor.body.data!.map((r) => r.actorEmail)).toEqual(['second.admin@example.com']);
    const byActorId = await asAdmin<TAuditEntry[]>('GET', `/api/admin/audit?actor=${admin.user.id}`);
    expect(byActorId.body.data!.length).toBeGreaterThan(5);
    expect(new Set(byActorId.body.data!.map((r) => r.actorId))).toEqual(new Set([admin.user.id]));

    const byTarget = await asAdmin<TAuditEntry[]>('GET', `/api/admin/audit?target=${member.user.id}`);
    expect(byTarget.body.data!.every((r) => r.targetId === member.user.id)).toBe(true);
    const byLabel = await asAdmin<TAuditEntry[]>('GET', '/api/admin/audit?target=audit%20ME');
    expect(byLabel.body.data!.map((r) => r.action)).toEqual(['support.status']);

    const today = new Date().toISOString().slice(0, 10);
    const all = await asAdmin<TAuditEntry[]>('GET', `/api/admin/audit?from=${today}&to=${today}`);
    const total = (all.body.pagination as Pagination).total;
    expect(total).toBeGreaterThanOrEqual(9);
    const none = await asAdmin<TAuditEntry[]>('GET', '/api/admin/audit?to=2020-01-01');
    expect(none.body).toMatchObject({ data: [], message: 'No audit entries match these filters.' });

    const first = await asAdmin<TAuditEntry[]>('GET', '/api/admin/audit?limit=4&page=1');
    const second = await asAdmin<TAuditEntry[]>('GET', '/api/admin/audit?limit=4&page=2');
    expect(first.body.pagination).toEqual({ total, pages: Math.ceil(total / 4), current: 1 });
    const ids = [...first.body.data!, ...second.body.data!].map((r) => r.id);
    expect(new Set(ids).size).toBe(8);
    // Newest first.
    const times = first.body.data!.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);

    for (const bad of ['action=member.delete', 'from=2026-13-01', 'from=2026-11-25&to=2026-11-24', 'page=0', 'x=1']) {
      const refused = await asAdmin('GET', `/api/admin/audit?${bad}`);
      expect(refused.status, bad).toBe(400);
    }
  });

  it("counts today's signals a member received by each allowance pool, and every one without an allowance", async () => {
    const db = server.context.db;
    const now = Date.now();
    const base = Math.floor(now / 300_000) * 300_000 - 3_600_000;
    // Three of the model's signals and one from the desk, today in the operator's zone.
    for (const [i, pool] of (['model', 'model', 'model', 'all'] as const).entries()) {
      const slotStart = new Date(base + i * 300_000);
      await insertSignalForSlot(db, {
        slotStart,
        dayKey: dayKeyInZone(new Date(now), server.context.config.TIME_ZONE),
        asset: 'EUR/USD',
        signalType: 'buy',
        entryPrice: 1.08,
        confidence: 60,
        windowMs: 300_000,
        expiresAt: new Date(slotStart.getTime() + 300_000),
        stopLoss: null,
        takeProfit: null,
        analysis: 'test',
        source: 'simulated',
        strategy: 'test',
        allowancePool: pool,
      });
    }
    const gold = await createMember(db, { tier: 'gold' });
    const silver = await createMember(db, { tier: 'silver' });
    const goldDetail = await asAdmin<TAdminMemberDetail>('GET', `/api/admin/users/${gold.user.id}`);
    expect(goldDetail.status).toBe(200);
    expect(goldDetail.body.data!.signalsToday).toMatchObject({ mode: 'full', limit: null, received: 4 });
    const silverDetail = await asAdmin<TAdminMemberDetail>('GET', `/api/admin/users/${silver.user.id}`);
    expect(silverDetail.status).toBe(200);
    expect(silverDetail.body.data!.signalsToday).toMatchObject({ mode: 'full', received: 4 });
  });

  it("shows a member's detail: profile, tier history, sessions, tickets and trail; revoking a session is audited", async () => {
    const detail = await asAdmin<TAdminMemberDetail>('GET', `/api/admin/users/${member.user.id}`);
    expect(detail.status).toBe(200);
    const data = detail.body.data!;
    expect(data.user).toMatchObject({ id: member.user.id, email: 'kemi.ade@example.com', tier: 'pro' });
    expect(data.tierHistory[0]).toMatchObject({
      tier: 'pro',
      previousTier: 'guest',
      reason: 'Pro for the webinar',
      grantedBy: admin.user.email,
      endedAt: null,
    });
    expect(data.supportTickets.map((t) => t.subject)).toEqual(['Audit me']);
    expect(data.signalsToday).toMatchObject({ mode: 'full', limit: 50 });
    expect(data.audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['member.access', 'member.role', 'member.dashboard-code', 'support.status']),
    );
    expect(data.sessions).toHaveLength(1);
    expect(data.lastSeenAt).not.toBeNull();

    const revoked = await asAdmin<{ revoked: number }>(
      'DELETE',
      `/api/admin/users/${member.user.id}/sessions/${data.sessions[0]!.id}`,
    );
    expect(revoked.body.data).toEqual({ revoked: 1 });
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
    expect(await latest('member.session-revoke')).toMatchObject({ targetId: member.user.id, after: { revoked: 1 } });
    const again = await asAdmin('DELETE', `/api/admin/users/${member.user.id}/sessions/${data.sessions[0]!.id}`);
    expect(again.status).toBe(404);

    const all = await asAdmin<{ revoked: number }>('DELETE', `/api/admin/users/${member.user.id}/sessions`);
    expect(all.body.data).toEqual({ revoked: 0 });
    expect(await latest('member.sessions-revoke')).toMatchObject({ after: { revoked: 0 } });

    expect((await asAdmin('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await asAdmin('GET', '/api/admin/users/not-an-id')).status).toBe(404);
  });
});
