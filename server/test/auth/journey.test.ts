import {
  AuthMessages,
  LIMITS,
  Messages,
  type TRegisterData,
  type TSessionData,
  type TUser,
  ZSessionData,
  ZUser,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMailer } from '../../src/modules/mail/mail.service.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import {
  advanceClock,
  codeFrom,
  mailsTo,
  PASSWORD,
  registration,
  resetTokenFrom,
  waitForMail,
} from './auth-helpers.js';

describe('a person signs up, confirms by e-mail, logs in and out, and resets a forgotten password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const input = registration({ fullName: 'Chioma Eze' });
  let code = '';
  let firstToken = '';
  let secondToken = '';

  it('registers and mails a 10-character code that the API never reveals', async () => {
    const { status, body } = await server.api<TRegisterData>('POST', '/api/auth/register', { body: input });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      message: AuthMessages.registered,
      data: { email: input.email },
      error: null,
    });
    const mail = await waitForMail(server, input.email, 'confirmation code');
    code = codeFrom(mail);
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    expect(mail.subject).toBe('Signalroom: your confirmation code');
    expect(mail.html).toContain(code);
    expect(mail.text).toContain('expires in 15 minutes');
    expect(JSON.stringify(body)).not.toContain(code);

    const stored = await server.context.db.selectFrom('email_codes').selectAll().execute();
    expect(stored.some((row) => row.code_hash.includes(code))).toBe(false);
    const user = await server.context.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.email_verified_at).toBeNull();
  });

  it('keeps the outbox as a record without the live code when mail goes over SMTP', async () => {
    await getMailer(server.context).drain();
    const rows = await server.context.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', input.email)
      .execute();
    const row = rows.find((r) => r.kind === 'confirmation_code');
    expect(row?.sent_at).not.toBeNull();
    expect(row?.error).toBeNull();
    expect(row?.text_body).not.toContain(code);
    expect(row?.text_body).toContain('[redacted]');
  });

  it('confirms the code (typed in lower case), starts the 24-hour trial and returns a session', async () => {
    const before = Date.now();
    const { status, body } = await server.api<TSessionData>('POST', '/api/auth/confirm-code', {
      body: { email: input.email.toUpperCase(), confirmationCode: code.toLowerCase() },
    });
    expect(status).toBe(200);
    expect(body.message).toBe(AuthMessages.confirmed);
    const data = ZSessionData.parse(body.data);
    expect(data.user).toMatchObject({
      email: input.email,
      fullName: 'Chioma Eze',
      emailVerified: true,
      tier: 'guest',
      dashboardUnlocked: false,
      role: 'member',
      hasDeposited: false,
      accessLevel: 'free',
      codeActivated: false,
      accessPath: null,
    });
    const trialEnds = new Date(data.user.trialEndsAt!).getTime();
    expect(trialEnds).toBeGreaterThanOrEqual(before + LIMITS.trialDurationMs - 1000);
    expect(trialEnds).toBeLessThanOrEqual(Date.now() + LIMITS.trialDurationMs + 1000);
    firstToken = data.token;
    const welcome = await waitForMail(server, input.email, 'Welcome to Signalroom');
    expect(welcome.text).toContain('Your email address is confirmed');
  });

  it('does not accept the same code twice', async () => {
    const { status, body } = await server.api('POST', '/api/auth/confirm-code', {
      body: { email: input.email, confirmationCode: code },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(Messages.confirmation.invalidCode);
  });

  it('answers GET /api/auth/me with every user field for the session', async () => {
    const { status, body } = await server.api<TUser>('GET', '/api/auth/me', { token: firstToken });
    expect(status).toBe(200);
    const user = ZUser.strict().parse(body.data);
    expect(user.email).toBe(input.email);
    expect(Object.keys(body.data!)).not.toContain('passwordHash');
  });

  it('logs in with e-mail and password', async () => {
    const { status, body } = await server.api<TSessionData>('POST', '/api/auth/login', {
      body: { email: input.email, password: PASSWORD },
    });
    expect(status).toBe(200);
    expect(body.message).toBe(AuthMessages.loginSucceeded);
    secondToken = ZSessionData.parse(body.data).token;
    expect(secondToken).not.toBe(firstToken);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const wrong = await server.api('POST', '/api/auth/login', {
      body: { email: input.email, password: 'Wrong1Password' },
    });
    const unknown = await server.api('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: PASSWORD },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(AuthMessages.invalidCredentials);
    expect({ ...unknown.body, timestamp: '' }).toEqual({ ...wrong.body, timestamp: '' });
  });

  it('logs out: that token answers 401 afterwards, the other session lives on', async () => {
    const out = await server.api('POST', '/api/auth/logout', { token: secondToken, body: {} });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(AuthMessages.loggedOut);
    const after = await server.api('GET', '/api/auth/me', { token: secondToken });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, data: null, error: { code: 'unauthorized' } });
    const again = await server.api('POST', '/api/auth/logout', { token: secondToken, body: {} });
    expect(again.status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token: firstToken })).status).toBe(200);
  });

  it('resets a forgotten password through the e-mailed link and ends every session', async () => {
    const forgot = await server.api('POST', '/api/auth/forgot-password', { body: { email: input.email } });
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe(AuthMessages.forgotPasswordSent);
    const mail = await waitForMail(server, input.email, 'reset your password');
    expect(mail.text).toContain('http://localhost:5173/reset-password?token=');
    expect(mail.html).toContain('http://localhost:5173/reset-password?token=');
    const token = resetTokenFrom(mail);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);

    const verify = await server.api<{ email: string }>('POST', '/api/auth/verify-reset-token', { body: { token } });
    expect(verify.status).toBe(200);
    expect(verify.body.data).toEqual({ email: input.email });

    const reset = await server.api('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'N3wPassword!' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(AuthMessages.passwordReset);

    expect((await server.api('GET', '/api/auth/me', { token: firstToken })).status).toBe(401);
    const old = await server.api('POST', '/api/auth/login', { body: { email: input.email, password: PASSWORD } });
    expect(old.status).toBe(401);
    const fresh = await server.api('POST', '/api/auth/login', {
      body: { email: input.email, password: 'N3wPassword!' },
    });
    expect(fresh.status).toBe(200);

    const reuse = await server.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'An0therPass' } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(Messages.resetPassword.invalidOrExpiredToken);
    const reverify = await server.api('POST', '/api/auth/verify-reset-token', { body: { token } });
    expect(reverify.status).toBe(400);
    expect(reverify.body.message).toBe(Messages.resetPassword.invalidOrExpiredToken);
  });

  it('lets sessions expire after their lifetime, even when used all along', async () => {
    const login = await server.api<TSessionData>('POST', '/api/auth/login', {
      body: { email: input.email, password: 'N3wPassword!' },
    });
    const token = login.body.data!.token;
    const realNow = server.context.now;
    const DAY = 24 * 60 * 60_000;
    try {
      // Used every 10 days, so the idle expiry (14 days unused) does not end it first.
      for (const step of [10 * DAY, 10 * DAY, LIMITS.sessionTtlMs - 20 * DAY - 60_000]) {
        advanceClock(server, step);
        expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(200);
      }
      advanceClock(server, 120_000);
      expect((await server.api('GET', '/api/auth/me', { token })).status).toBe(401);
    } finally {
      server.context.now = realNow;
    }
  });

  it('sent every mail with a plain-text and an HTML part, branded', () => {
    const mails = mailsTo(server, input.email);
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const mail of mails) {
      expect(mail.text.length).toBeGreaterThan(20);
      expect(mail.html).toContain('<html>');
      expect(mail.html).toContain('Signalroom');
    }
  });
});
