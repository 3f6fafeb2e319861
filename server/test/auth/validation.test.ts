import { AuthMessages, Messages, type TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { countRows, findUserByEmail, registration } from './auth-helpers.js';

describe('auth input validation: the form messages, and bad input that writes nothing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const m = Messages.signup;
  const signupCases: Array<[string, Record<string, string>, string, string]> = [
    ['fullName', { fullName: '' }, 'fullName', m.fullNameRequired],
    ['fullName', { fullName: ' Al ' }, 'fullName', m.fullNameTooShort],
    ['email', { email: '' }, 'email', m.emailRequired],
    ['email', { email: 'ada@example' }, 'email', m.emailInvalid],
    ['phone', { phone: '' }, 'phone', m.phoneRequired],
    ['phone', { phone: '12345' }, 'phone', m.phoneInvalid],
    ['country', { country: '' }, 'country', m.countryRequired],
    ['password', { password: '' }, 'password', m.passwordRequired],
    ['password', { password: 'Ab1' }, 'password', m.passwordTooShort],
    ['password', { password: 'alllowercase1' }, 'password', m.passwordWeak],
  ];
  for (const [, overrides, field, message] of signupCases) {
    it(`refuses sign-up with "${message}"`, async () => {
      const before = await countRows(server, 'users');
      const { status, body } = await server.api('POST', '/api/auth/register', { body: registration(overrides) });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, message, data: null, error: { code: 'validation_failed' } });
      expect(body.error?.fields?.[field]).toBe(message);
      expect(await countRows(server, 'users')).toBe(before);
    });
  }

  it('accepts sign-up without the optional telegram handle', async () => {
    const { telegram: _omit, ...rest } = registration();
    expect((await server.api('POST', '/api/auth/register', { body: rest })).status).toBe(201);
  });

  it('asks for both login fields', async () => {
    for (const body of [
      { email: '', password: 'x' },
      { email: 'a@b.co', password: '' },
    ]) {
      const answer = await server.api('POST', '/api/auth/login', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(Messages.login.fillAllFields);
    }
  });

  it('checks the forgot-password e-mail with its form messages', async () => {
    const empty = await server.api('POST', '/api/auth/forgot-password', { body: { email: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(Messages.forgotPassword.emailRequired);
    const bad = await server.api('POST', '/api/auth/forgot-password', { body: { email: 'ada @example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(Messages.forgotPassword.emailInvalid);
  });

  it('checks the reset call with the form messages', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ token: '', newPassword: 'Longenough1' }, Messages.resetPassword.tokenMissing],
      [{ token: 'sometoken', newPassword: '' }, Messages.resetPassword.fillAllFields],
      [{ token: 'sometoken', newPassword: 'short' }, Messages.resetPassword.passwordTooShort],
      [{ token: 'not-a-real-token', newPassword: 'Longenough1' }, Messages.resetPassword.invalidOrExpiredToken],
    ];
    for (const [body, message] of cases) {
      const answer = await server.api('POST', '/api/auth/reset-password', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const missing = await server.api('POST', '/api/auth/verify-reset-token', { body: { token: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(Messages.resetPassword.invalidOrMissingToken);
    const unknown = await server.api('POST', '/api/auth/verify-reset-token', { body: { token: 'abc' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(Messages.resetPassword.invalidOrExpiredToken);
  });

  const writeCalls = [
    '/api/auth/register',
    '/api/auth/confirm-code',
    '/api/auth/resend-welcome-email',
    '/api/auth/login',
    '/api/auth/forgot-password',
    '/api/auth/verify-reset-token',
    '/api/auth/reset-password',
  ];

  it('answers malformed JSON with 400 in the envelope and writes nothing', async () => {
    const tables = ['users', 'sessions', 'email_codes', 'reset_tokens', 'mail_outbox'] as const;
    const before = await Promise.all(tables.map((t) => countRows(server, t)));
    for (const path of writeCalls) {
      const { status, body } = await server.api('POST', path, { rawBody: '{"email": "a@b.co",' });
      expect(status, path).toBe(400);
      expect(body).toMatchObject({
        success: false,
        message: Messages.common.malformedJson,
        data: null,
        error: { code: 'validation_failed' },
      });
      expect(typeof body.timestamp).toBe('string');
    }
    expect(await Promise.all(tables.map((t) => countRows(server, t)))).toEqual(before);
  });

  it('answers wrong types with 400 in the envelope and writes nothing', async () => {
    const before = await countRows(server, 'users');
    const bodies: Array<[string, unknown]> = [
      ['/api/auth/register', { ...registration(), email: 12345 }],
      ['/api/auth/register', { ...registration(), password: ['Str0ngPassw0rd'] }],
      ['/api/auth/register', [registration()]],
      ['/api/auth/register', 'just a string'],
      ['/api/auth/confirm-code', { email: 'a@b.co', confirmationCode: 1234567890 }],
      ['/api/auth/login', { email: 'a@b.co', password: { $ne: null } }],
      ['/api/auth/forgot-password', { email: null }],
      ['/api/auth/reset-password', { token: 1, newPassword: 'Longenough1' }],
    ];
    for (const [path, body] of bodies) {
      const answer = await server.api('POST', path, { body });
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({ success: false, data: null, error: { code: 'validation_failed' } });
    }
    expect(await countRows(server, 'users')).toBe(before);
  });

  it('refuses unknown fields (a member cannot sign up as admin or gold) and writes nothing', async () => {
    const before = await Promise.all([countRows(server, 'users'), countRows(server, 'mail_outbox')]);
    for (const extra of [{ role: 'admin' }, { tier: 'gold' }, { dashboardUnlocked: true }, { hasDeposited: true }]) {
      const input = { ...registration(), ...extra };
      const { status, body } = await server.api('POST', '/api/auth/register', { body: input });
      expect(status).toBe(400);
      const [name] = Object.keys(extra);
      expect(body.message).toBe(Messages.common.unknownField(name!));
      expect(body.error?.fields?.[name!]).toBe(Messages.common.unknownField(name!));
      expect(body.error?.code).toBe('validation_failed');
      expect(await findUserByEmail(server, input.email)).toBeUndefined();
    }
    expect(await Promise.all([countRows(server, 'users'), countRows(server, 'mail_outbox')])).toEqual(before);
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: 'a@b.co', password: 'x', role: 'admin' },
    });
    expect(login.status).toBe(400);
  });

  describe('PUT /api/users/profile', () => {
    it('saves broker account, deposit amount and access path and answers the updated user', async () => {
      const member = await createMember(server.context.db);
      const { status, body } = await server.api<TUser>('PUT', '/api/users/profile', {
        token: member.token,
        body: { brokerAccountId: ' BRK-12345 ', depositAmount: 250.5, accessPath: 'manual' },
      });
      expect(status).toBe(200);
      expect(body.message).toBe(AuthMessages.profileUpdated);
      expect(body.data).toMatchObject({
        brokerAccountId: 'BRK-12345',
        depositAmount: 250.5,
        accessPath: 'manual',
        tier: 'guest',
      });
      const me = await server.api<TUser>('GET', '/api/auth/me', { token: member.token });
      expect(me.body.data?.depositAmount).toBe(250.5);
    });

    it('needs a session', async () => {
      const { status } = await server.api('PUT', '/api/users/profile', { body: { brokerAccountId: 'X' } });
      expect(status).toBe(401);
    });

    it('refuses an empty broker account id and a deposit that is not above 0', async () => {
      const member = await createMember(server.context.db);
      const empty = await server.api('PUT', '/api/users/profile', {
        token: member.token,
        body: { brokerAccountId: '  ' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(AuthMessages.brokerAccountRequired);
      for (const depositAmount of [0, -5, '100']) {
        const answer = await server.api('PUT', '/api/users/profile', {
          token: member.token,
          body: { brokerAccountId: 'B1', depositAmount },
        });
        expect(answer.status).toBe(400);
      }
      const row = await server.context.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', member.user.id)
        .executeTakeFirstOrThrow();
      expect(row.broker_account_id).toBeNull();
      expect(Number(row.deposit_amount)).toBe(0);
    });

    it('never lets a member set their own tier, role, unlock or deposit flags', async () => {
      const member = await createMember(server.context.db);
      const attempts = [
        { tier: 'gold' },
        { role: 'admin' },
        { dashboardUnlocked: true },
        { hasDeposited: true },
        { accessLevel: 'premium' },
        { codeActivated: true },
        { emailVerified: true },
        { brokerAccountId: 'B1', tier: 'gold', role: 'admin' },
      ];
      for (const extra of attempts) {
        const { status, body } = await server.api('PUT', '/api/users/profile', { token: member.token, body: extra });
        expect(status, JSON.stringify(extra)).toBe(400);
        expect(body.error?.code).toBe('validation_failed');
      }
      const row = await server.context.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', member.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        tier: 'guest',
        role: 'member',
        dashboard_unlocked: false,
        has_deposited: false,
        access_level: 'free',
        code_activated: false,
        broker_account_id: null,
      });
      const admin = await server.api('PATCH', `/api/admin/users/${member.user.id}/access`, {
        token: member.token,
        body: { tier: 'gold', dashboardUnlocked: true, hasDeposited: true },
      });
      expect(admin.status).toBe(403);
      const role = await server.api('POST', `/api/admin/users/${member.user.id}/role`, {
        token: member.token,
        body: { role: 'admin' },
      });
      expect(role.status).toBe(403);
      const after = await server.api<TUser>('GET', '/api/auth/me', { token: member.token });
      expect(after.body.data).toMatchObject({
        tier: 'guest',
        role: 'member',
        dashboardUnlocked: false,
        hasDeposited: false,
      });
    });
  });
});
