import {
  AuthMessages,
  Messages,
  type Pagination,
  type TBusEvent,
  type TDashboardCodeIssued,
  type TUser,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';

describe('admin user management', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof createMember>>;
  let member: Awaited<ReturnType<typeof createMember>>;
  const events: TBusEvent[] = [];
  let unsubscribe: () => void = () => {};

  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_MULTIPLIER: '100',
      // Contacts the operator set: the activation e-mail names them (placeholders it leaves out).
      BROKER_REGISTRATION_URL: 'https://partner-broker.com/register?ref=signalroom',
      SUPPORT_HANDLE: '@signalroom_desk',
    });
    admin = await createMember(server.context.db, { role: 'admin', fullName: 'Site Admin' });
    member = await createMember(server.context.db, { fullName: 'Zainab Musa', email: 'zainab.musa@example.com' });
    unsubscribe = server.context.bus.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    unsubscribe();
    await server?.close();
  });

  async function accountChanged(userId: string): Promise<void> {
    await pollUntil(() => events.some((e) => e.type === 'account:changed' && e.userId === userId), {
      timeoutMs: 3000,
      message: `no account:changed for ${userId}`,
    });
  }

  const adminCalls = (id: string): Array<[string, string, unknown]> => [
    ['GET', '/api/admin/users?page=1&limit=50', undefined],
    ['GET', '/api/admin/users/search?query=zainab&limit=50', undefined],
    ['PATCH', `/api/admin/users/${id}/access`, { tier: 'gold', dashboardUnlocked: true, hasDeposited: true }],
    ['POST', `/api/admin/users/${id}/role`, { role: 'admin' }],
    ['POST', `/api/admin/users/${id}/dashboard-code`, {}],
  ];

  it('answers 401 without a session and 403 for a member on every admin call', async () => {
    for (const [method, path, body] of adminCalls(member.user.id)) {
      const anonymous = await server.api(method, path, { body });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, error: { code: 'unauthorized' } });
      const forbidden = await server.api(method, path, { body, token: member.token });
      expect(forbidden.status, path).toBe(403);
      expect(forbidden.body).toMatchObject({
        success: false,
        message: Messages.common.forbidden,
        error: { code: 'forbidden' },
      });
    }
    const row = await server.context.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tier: 'guest', role: 'member', dashboard_unlocked: false });
  });

  it('lists members in pages with total, pages and current', async () => {
    for (let i = 0; i < 3; i++) await createMember(server.context.db);
    const total = Number(
      (
        await server.context.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const first = await server.api<TUser[]>('GET', '/api/admin/users?page=1&limit=2', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.pagination).toEqual({ total, pages: Math.ceil(total / 2), current: 1 });
    const last = await server.api<TUser[]>('GET', `/api/admin/users?page=${Math.ceil(total / 2)}&limit=2`, {
      token: admin.token,
    });
    expect(last.body.data!.length).toBe(total % 2 === 0 ? 2 : 1);
    const ids = new Set([...first.body.data!, ...last.body.data!].map((u) => u.id));
    expect(ids.size).toBe(first.body.data!.length + last.body.data!.length);
    const defaults = await server.api<TUser[]>('GET', '/api/admin/users', { token: admin.token });
    expect(defaults.body.data).toHaveLength(Math.min(total, 50));
    expect(defaults.body.data![0]).not.toHaveProperty('password_hash');
    expect(defaults.body.data![0]).not.toHaveProperty('passwordHash');
    const bad = await server.api('GET', '/api/admin/users?page=0', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it('searches by name, e-mail or access code; blank text answers an empty list', async () => {
    const byName = await server.api<TUser[]>('GET', '/api/admin/users/search?query=ZAINAB&limit=50', {
      token: admin.token,
    });
    expect(byName.status).toBe(200);
    expect(byName.body.data!.map((u) => u.id)).toEqual([member.user.id]);
    // How many match in all, beside the page of them (a page can say that more match than it shows).
    const firstOnly = await server.api<TUser[]>('GET', '/api/admin/users/search?query=example.com&limit=1', {
      token: admin.token,
    });
    expect(firstOnly.body.data).toHaveLength(1);
    expect((firstOnly.body.pagination as Pagination | undefined)?.total).toBeGreaterThan(1);
    const byCode = await server.api<TUser[]>(
      'GET',
      `/api/admin/users/search?query=${encodeURIComponent(member.user.admissionCode.toLowerCase())}`,
      { token: admin.token },
    );
    expect(byCode.body.data!.map((u) => u.id)).toEqual([member.user.id]);
    for (const query of ['', '%20%20%20']) {
      const blank = await server.api<TUser[]>('GET', `/api/admin/users/search?query=${query}&limit=50`, {
        token: admin.token,
      });
      expect(blank.status).toBe(200);
      expect(blank.body.data).toEqual([]);
      expect(blank.body.message).toBe(Messages.admin.noUsersMatching);
    }
    const wildcard = await server.api<TUser[]>('GET', '/api/admin/users/search?query=%25', { token: admin.token });
    expect(wildcard.body.data).toEqual([]);
  });

  it('grants gold and revokes, keeping accessLevel consistent and announcing each change', async () => {
    const grant = await server.api<TUser>('PATCH', `/api/admin/users/${member.user.id}/access`, {
      token: admin.token,
      body: { tier: 'gold', dashboardUnlocked: true, hasDeposited: true },
    });
    expect(grant.status).toBe(200);
    expect(grant.body.message).toBe(AuthMessages.accessUpdated);
    expect(grant.body.data).toMatchObject({
      tier: 'gold',
      dashboardUnlocked: true,
      hasDeposited: true,
      accessLevel: 'premium',
    });
    await accountChanged(member.user.id);
    const me = await server.api<TUser>('GET', '/api/auth/me', { token: member.token });
    expect(me.body.data).toMatchObject({ tier: 'gold', dashboardUnlocked: true });

    events.length = 0;
    const revoke = await server.api<TUser>('PATCH', `/api/admin/users/${member.user.id}/access`, {
      token: admin.token,
      body: { tier: 'guest', dashboardUnlocked: false, hasDeposited: false },
    });
    expect(revoke.body.data).toMatchObject({
      tier: 'guest',
      dashboardUnlocked: false,
      hasDeposited: false,
      accessLevel: 'free',
    });
    await accountChanged(member.user.id);
  });

  it('refuses bad access updates with 400 and unknown ids with 404', async () => {
    const cases = [
      { tier: 'platinum', dashboardUnlocked: true, hasDeposited: true },
      { tier: 'gold', dashboardUnlocked: 'yes', hasDeposited: true },
      { tier: 'gold', dashboardUnlocked: true },
      { tier: 'gold', dashboardUnlocked: true, hasDeposited: true, role: 'admin' },
    ];
    for (const body of cases) {
      const answer = await server.api('PATCH', `/api/admin/users/${member.user.id}/access`, {
        token: admin.token,
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const body = { tier: 'gold', dashboardUnlocked: true, hasDeposited: true };
    const missing = await server.api('PATCH', '/api/admin/users/00000000-0000-4000-8000-000000000000/access', {
      token: admin.token,
      body,
    });
    expect(missing.status).toBe(404);
    const notAnId = await server.api('PATCH', '/api/admin/users/abc/access', { token: admin.token, body });
    expect(notAnId.status).toBe(404);
    const row = await server.context.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.tier).toBe('guest');
  });

  it('grants and revokes the admin role, but never removes the last admin', async () => {
    const other = await createMember(server.context.db);
    const grant = await server.api<TUser>('POST', `/api/admin/users/${other.user.id}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(grant.status).toBe(200);
    expect(grant.body.data?.role).toBe('admin');
    await accountChanged(other.user.id);
    expect((await server.api('GET', '/api/admin/users', { token: other.token })).status).toBe(200);

    const revokeOther = await server.api<TUser>('POST', `/api/admin/users/${other.user.id}/role`, {
      token: admin.token,
      body: { role: 'member' },
    });
    expect(revokeOther.body.data?.role).toBe('member');
    expect((await server.api('GET', '/api/admin/users', { token: other.token })).status).toBe(403);

    const admins = await server.context.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins.map((a) => a.id)).toEqual([admin.user.id]);
    const self = await server.api('POST', `/api/admin/users/${admin.user.id}/role`, {
      token: admin.token,
      body: { role: 'member' },
    });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(AuthMessages.lastAdmin);
    expect((await server.api('GET', '/api/admin/users', { token: admin.token })).status).toBe(200);
  });

  it('issues a one-time dashboard code that unlocks only that member, with the tier it carries', async () => {
    const target = await createMember(server.context.db);
    const bystander = await createMember(server.context.db);
    const issued = await server.api<TDashboardCodeIssued>('POST', `/api/admin/users/${target.user.id}/dashboard-code`, {
      token: admin.token,
      body: { tier: 'silver' },
    });
    expect(issued.status).toBe(201);
    const code = issued.body.data!.code;
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const stored = await server.context.db
      .selectFrom('dashboard_codes')
      .selectAll()
      .where('user_id', '=', target.user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code.replace(/-/g, ''));

    const empty = await server.api('POST', '/api/auth/validate-dashboard-code', {
      token: target.token,
      body: { dashboardCode: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(AuthMessages.dashboardCodeRequired);
    const stolen = await server.api('POST', '/api/auth/validate-dashboard-code', {
      token: bystander.token,
      body: { dashboardCode: code },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(AuthMessages.dashboardCodeInvalid);
    const anonymous = await server.api('POST', '/api/auth/validate-dashboard-code', { body: { dashboardCode: code } });
    expect(anonymous.status).toBe(401);

    events.length = 0;
    const used = await server.api<{ dashboardUnlocked: boolean; user: TUser }>(
      'POST',
      '/api/auth/validate-dashboard-code',
      {
        token: target.token,
        body: { dashboardCode: code.toLowerCase() },
      },
    );
    expect(used.status).toBe(200);
    expect(used.body.data?.dashboardUnlocked).toBe(true);
    expect(used.body.data?.user).toMatchObject({
      dashboardUnlocked: true,
      codeActivated: true,
      tier: 'silver',
      accessLevel: 'basic',
    });
    await accountChanged(target.user.id);
    const again = await server.api('POST', '/api/auth/validate-dashboard-code', {
      token: target.token,
      body: { dashboardCode: code },
    });
    expect(again.status).toBe(400);
    const bystanderRow = await server.context.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', bystander.user.id)
      .executeTakeFirstOrThrow();
    expect(bystanderRow.dashboard_unlocked).toBe(false);
  });

  it('mails the activation steps to a member, at most once a minute', async () => {
    const first = await server.api('POST', '/api/auth/send-activation-email', { token: member.token, body: {} });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(AuthMessages.activationEmailSent);
    const mail = await server.smtp.waitFor(
      (m) => m.to.includes(member.user.email) && m.subject.includes('activate your access'),
    );
    expect(mail.text).toContain(server.config.BROKER_REGISTRATION_URL);
    expect(mail.text).toContain(server.config.promoCode);
    expect(mail.text).toContain(server.config.SUPPORT_HANDLE);
    expect(mail.text).toContain(member.user.admissionCode);
    expect(mail.html).toContain(server.config.BROKER_REGISTRATION_URL);
    const second = await server.api('POST', '/api/auth/send-activation-email', { token: member.token, body: {} });
    expect(second.status).toBe(429);
    expect((await server.api('POST', '/api/auth/send-activation-email', { body: {} })).status).toBe(401);
  });
});
