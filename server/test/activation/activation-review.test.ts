import { ActivationMessages, Messages, type TActivation, type TAdminActivation, type TUser } from '@signalroom/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';
import { activationRowCounts, uploadProof, validProof } from './activation-helpers.js';

type Submitted = { activation: TActivation; user: TUser };

describe('admin review of activation proofs', () => {
  let server: TestServer;
  let admin: CreatedMember;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createMember(server.context.db, { role: 'admin', fullName: 'Rita Reviewer' });
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

  async function memberWithProof(fullName: string, overrides: Parameters<typeof validProof>[0] = {}) {
    const member = await createMember(server.context.db, { tier: 'guest', fullName });
    const sent = await uploadProof<Submitted>(server, member.token, validProof(overrides));
    if (sent.status !== 201) throw new Error(`upload failed: ${sent.body.message}`);
    return { member, proof: sent.body.data!.activation.proof! };
  }

  async function userRow(id: string) {
    return server.context.db
      .selectFrom('users')
      .select(['tier', 'dashboard_unlocked', 'has_deposited', 'access_level'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function proofRow(id: string) {
    return server.context.db
      .selectFrom('activation_proofs')
      .select(['status', 'tier', 'reason', 'reviewed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('answers 401 without a session and 403 to a member on every admin activation call', async () => {
    const { member, proof } = await memberWithProof('Nosy Member');
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/activations?status=pending', undefined],
      ['POST', `/api/admin/activations/${proof.id}/approve`, { tier: 'gold' }],
      ['POST', `/api/admin/activations/${proof.id}/reject`, { reason: 'no' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await server.api(method, path, { body })).status, path).toBe(401);
      const forbidden = await server.api(method, path, { body, token: member.token });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body.message).toBe(Messages.common.forbidden);
    }
    expect(await proofRow(proof.id)).toMatchObject({ status: 'pending', tier: null });
    expect(await userRow(member.user.id)).toMatchObject({ tier: 'guest', dashboard_unlocked: false });
  });

  it('pushes a new proof to admins at once, and lists pending proofs oldest first with member details', async () => {
    const adminSocket = await connect(admin.token);
    const first = await memberWithProof('Queue First', { brokerAccount: 'Q-1', depositAmount: '120' });
    const second = await memberWithProof('Queue Second', { accessPath: 'auto', depositAmount: '900' });
    const pushed = await adminSocket.waitFor('activation:new', (e) => e.proof.id === second.proof.id);
    expect(pushed).toMatchObject({
      replacesId: null,
      proof: { member: { fullName: 'Queue Second', email: second.member.user.email }, depositAmount: 900 },
    });

    const list = await server.api<TAdminActivation[]>('GET', '/api/admin/activations?status=pending', {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    const ids = list.body.data!.map((p) => p.id);
    expect(ids.indexOf(first.proof.id)).toBeLessThan(ids.indexOf(second.proof.id));
    expect(list.body.data!.find((p) => p.id === first.proof.id)).toMatchObject({
      brokerAccount: 'Q-1',
      depositAmount: 120,
      accessPath: 'manual',
      submittedAt: first.proof.submittedAt,
      member: {
        id: first.member.user.id,
        fullName: 'Queue First',
        email: first.member.user.email,
        admissionCode: first.member.user.admissionCode,
        tier: 'guest',
      },
    });
    const total = (await activationRowCounts(server.context.db)).proofs;
    expect(list.body.pagination).toEqual({ total, pages: 1, current: 1 });
    const paged = await server.api<TAdminActivation[]>('GET', '/api/admin/activations?status=pending&limit=1&page=2', {
      token: admin.token,
    });
    expect(paged.body.data!.map((p) => p.id)).toEqual([ids[1]]);
    expect(paged.body.pagination).toEqual({ total, pages: total, current: 2 });
    const none = await server.api<TAdminActivation[]>('GET', '/api/admin/activations?status=approved', {
      token: admin.token,
    });
    expect(none.body).toMatchObject({ data: [], message: ActivationMessages.noReviewed });
    for (const bad of ['status=lost', 'page=0', 'limit=500', 'sort=asc']) {
      expect((await server.api('GET', `/api/admin/activations?${bad}`, { token: admin.token })).status, bad).toBe(400);
    }
  });

  it('approves with a tier in one step: unlocks the member live, tells admins, mails the member', async () => {
    const { member, proof } = await memberWithProof('Ada Approved');
    const memberSocket = await connect(member.token);
    const adminSocket = await connect(admin.token);

    for (const body of [{}, { tier: 'guest' }, { tier: 'platinum' }, { tier: 5 }, { tier: 'pro', extra: 1 }]) {
      const bad = await server.api('POST', `/api/admin/activations/${proof.id}/approve`, { token: admin.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const refused = await server.api('POST', `/api/admin/activations/${proof.id}/approve`, {
      token: admin.token,
      body: { tier: 'diamond' },
    });
    expect(refused.body.message).toBe(ActivationMessages.tierRequired);
    expect(await proofRow(proof.id)).toMatchObject({ status: 'pending' });
    expect(await userRow(member.user.id)).toMatchObject({ tier: 'guest', dashboard_unlocked: false });

    const approved = await server.api<TAdminActivation>('POST', `/api/admin/activations/${proof.id}/approve`, {
      token: admin.token,
      body: { tier: 'pro' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe(ActivationMessages.approved);
    expect(approved.body.data).toMatchObject({
      id: proof.id,
      status: 'approved',
      tier: 'pro',
      member: { tier: 'pro' },
    });
    expect(await proofRow(proof.id)).toEqual({
      status: 'approved',
      tier: 'pro',
      reason: null,
      reviewed_by: admin.user.id,
    });
    expect(await userRow(member.user.id)).toEqual({
      tier: 'pro',
      dashboard_unlocked: true,
      has_deposited: true,
      access_level: 'deposited',
    });

    const update: TUser = await memberSocket.waitFor('account:update', (u: TUser) => u.tier === 'pro');
    expect(update).toMatchObject({ id: member.user.id, dashboardUnlocked: true, hasDeposited: true });
    const status: TActivation = await memberSocket.waitFor(
      'activation:update',
      (a: TActivation) => a.status === 'approved',
    );
    expect(status.proof).toMatchObject({ id: proof.id, tier: 'pro', reviewedAt: expect.any(String) });
    await adminSocket.waitFor('activation:reviewed', (p: TAdminActivation) => p.id === proof.id);
    // Another member hears nothing of it.
    expect(adminSocket.all('account:update').some((u: TUser) => u.id === member.user.id)).toBe(false);

    const mail = await server.smtp.waitFor(
      (m) => m.to.includes(member.user.email) && m.subject.includes('access is active'),
    );
    expect(mail.text).toContain('Pro');
    expect(mail.html).toContain('Pro');

    const again = await server.api('POST', `/api/admin/activations/${proof.id}/approve`, {
      token: admin.token,
      body: { tier: 'gold' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ActivationMessages.alreadyReviewed);
    const rejectApproved = await server.api('POST', `/api/admin/activations/${proof.id}/reject`, {
      token: admin.token,
      body: { reason: 'changed my mind' },
    });
    expect(rejectApproved.status).toBe(409);
    expect(await userRow(member.user.id)).toMatchObject({ tier: 'pro' });

    const mine = await server.api<TActivation>('GET', '/api/activation', { token: member.token });
    expect(mine.body.data).toMatchObject({ status: 'approved', proof: { tier: 'pro' } });
  });

  it('rejects with a reason: the member sees it live and by mail (escaped), access unchanged', async () => {
    const { member, proof } = await memberWithProof('Rex Rejected');
    const memberSocket = await connect(member.token);
    const before = await proofRow(proof.id);
    for (const [body, message] of [
      [{}, ActivationMessages.reasonRequired],
      [{ reason: '   ' }, ActivationMessages.reasonRequired],
      [{ reason: 'x'.repeat(501) }, ActivationMessages.reasonTooLong],
    ] as const) {
      const bad = await server.api('POST', `/api/admin/activations/${proof.id}/reject`, { token: admin.token, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(message);
    }
    expect(await proofRow(proof.id)).toEqual(before);

    const reason = 'Amount <b>unreadable</b> & the date is cut off';
    const rejected = await server.api<TAdminActivation>('POST', `/api/admin/activations/${proof.id}/reject`, {
      token: admin.token,
      body: { reason: `  ${reason} ` },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason, tier: null });
    expect(await userRow(member.user.id)).toMatchObject({
      tier: 'guest',
      dashboard_unlocked: false,
      has_deposited: false,
    });
    const status: TActivation = await memberSocket.waitFor(
      'activation:update',
      (a: TActivation) => a.status === 'rejected',
    );
    expect(status.proof?.reason).toBe(reason);
    await memberSocket.waitFor('account:update', (u: TUser) => u.id === member.user.id);

    const mail = await server.smtp.waitFor(
      (m) => m.to.includes(member.user.email) && m.subject.includes('not accepted'),
    );
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain('Amount &lt;b&gt;unreadable&lt;/b&gt; &amp; the date is cut off');
    expect(mail.html).not.toContain('<b>unreadable</b>');

    // A rejected member uploads another, which is pending again; the rejected one stays on record.
    const again = await uploadProof<Submitted>(server, member.token, validProof());
    expect(again.body.data!.activation.status).toBe('pending');
    await memberSocket.waitFor('activation:update', (a: TActivation) => a.status === 'pending');
    const rows = await server.context.db
      .selectFrom('activation_proofs')
      .select('status')
      .where('user_id', '=', member.user.id)
      .orderBy('submitted_at')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['rejected', 'pending']);
  });

  it('answers 404 for unknown or replaced proofs', async () => {
    const { member, proof } = await memberWithProof('Ray Replaced');
    await uploadProof(server, member.token, validProof({ brokerAccount: 'NEWER' }));
    for (const id of [proof.id, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const approve = await server.api('POST', `/api/admin/activations/${id}/approve`, {
        token: admin.token,
        body: { tier: 'silver' },
      });
      expect(approve.status, id).toBe(404);
      const reject = await server.api('POST', `/api/admin/activations/${id}/reject`, {
        token: admin.token,
        body: { reason: 'x' },
      });
      expect(reject.status, id).toBe(404);
    }
    expect(await userRow(member.user.id)).toMatchObject({ tier: 'guest' });
  });
});
