import { AuthMessages, LIMITS, type TDashboardCodeIssued, type TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient } from '../realtime/realtime-helpers.js';

describe('dashboard codes: expiry and clear refusals', () => {
  let server: TestServer;
  let admin: CreatedMember;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
    admin = await createMember(server.context.db, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function issue(member: CreatedMember, tier?: string) {
    const answer = await server.api<TDashboardCodeIssued>('POST', `/api/admin/users/${member.user.id}/dashboard-code`, {
      token: admin.token,
      body: tier ? { tier } : {},
    });
    expect(answer.status).toBe(201);
    return answer.body.data!;
  }

  const redeem = (member: CreatedMember, dashboardCode: string) =>
    server.api<{ dashboardUnlocked: boolean; user: TUser }>('POST', '/api/auth/validate-dashboard-code', {
      token: member.token,
      body: { dashboardCode },
    });

  const unlocked = async (member: CreatedMember) =>
    (
      await server.context.db
        .selectFrom('users')
        .select('dashboard_unlocked')
        .where('id', '=', member.user.id)
        .executeTakeFirstOrThrow()
    ).dashboard_unlocked;

  it('issues codes that expire after 7 days and says so when one has', async () => {
    const member = await createMember(server.context.db);
    const issued = await issue(member, 'silver');
    const ttl = new Date(issued.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(LIMITS.dashboardCodeTtlMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(LIMITS.dashboardCodeTtlMs);
    await server.context.db
      .updateTable('dashboard_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', member.user.id)
      .execute();
    const expired = await redeem(member, issued.code);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      message: AuthMessages.dashboardCodeExpired,
      error: { fields: { dashboardCode: AuthMessages.dashboardCodeExpired } },
    });
    expect(await unlocked(member)).toBe(false);
  });

  it('tells a wrong code from a used one, and unlocks the member live with a right one', async () => {
    const member = await createMember(server.context.db);
    const socket = await connectClient(server.url, member.token);
    try {
      const issued = await issue(member, 'pro');
      const wrong = await redeem(member, 'AAAA-BBBB-CCCC');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(AuthMessages.dashboardCodeInvalid);

      const used = await redeem(member, ` ${issued.code.toLowerCase().replace(/-/g, ' ')} `);
      expect(used.status).toBe(200);
      expect(used.body.data?.user).toMatchObject({ tier: 'pro', dashboardUnlocked: true });
      await socket.waitFor('account:update', (u: TUser) => u.dashboardUnlocked && u.tier === 'pro');

      const again = await redeem(member, issued.code);
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(AuthMessages.dashboardCodeUsed);
    } finally {
      socket.close();
    }
  });

  it('a replaced code is no longer valid; only the newest works', async () => {
    const member = await createMember(server.context.db);
    const old = await issue(member, 'silver');
    const fresh = await issue(member, 'silver');
    expect((await redeem(member, old.code)).body.message).toBe(AuthMessages.dashboardCodeInvalid);
    expect((await redeem(member, fresh.code)).status).toBe(200);
    expect(await unlocked(member)).toBe(true);
  });

  it('refuses to issue a code that would change nothing: a guest kept a guest, an unlocked member kept as is', async () => {
    const guest = await createMember(server.context.db, { tier: 'guest' });
    const silver = await createMember(server.context.db, { tier: 'silver' });
    const asAdmin = (member: CreatedMember, body: object) =>
      server.api('POST', `/api/admin/users/${member.user.id}/dashboard-code`, { token: admin.token, body });
    for (const [member, body, tier] of [
      [guest, {}, 'guest'],
      [guest, { tier: 'guest' }, 'guest'],
      [silver, {}, 'silver'],
      [silver, { tier: 'silver' }, 'silver'],
    ] as const) {
      const answer = await asAdmin(member, body);
      expect([answer.status, answer.body.error?.fields?.tier]).toEqual([
        400,
        AuthMessages.dashboardCodeChangesNothing(tier),
      ]);
    }
    expect((await asAdmin(silver, { tier: 'pro' })).status).toBe(201);
  });
});
