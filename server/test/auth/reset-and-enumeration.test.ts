import { AuthMessages, LIMITS, Messages } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMailer } from '../../src/modules/mail/mail.service.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import {
  advanceClock,
  countRows,
  mailsTo,
  registerAndConfirm,
  registration,
  resetTokenFrom,
  uniqueEmail,
  waitForMail,
} from './auth-helpers.js';

/** An answer without its timestamp, to compare two answers field by field. */
const shape = (answer: { status: number; body: object }) => ({
  status: answer.status,
  body: { ...answer.body, timestamp: '' },
});

describe('password reset tokens and no user enumeration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function resetTokenFor(email: string, skip = 0): Promise<string> {
    expect((await server.api('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    return resetTokenFrom(await waitForMail(server, email, 'reset your password', skip));
  }

  it('stores reset tokens only hashed, with a 1-hour expiry', async () => {
    const member = await registerAndConfirm(server);
    const before = Date.now();
    const token = await resetTokenFor(member.email);
    const rows = await server.context.db
      .selectFrom('reset_tokens')
      .selectAll()
      .where('user_id', '=', member.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows.some((r) => r.token_hash === token || r.token_hash.includes(token))).toBe(false);
    const mine = rows[0]!;
    const expires = new Date(mine.expires_at).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + LIMITS.resetTokenTtlMs - 2000);
    expect(expires).toBeLessThanOrEqual(Date.now() + LIMITS.resetTokenTtlMs + 2000);
  });

  it('lets exactly one of 50 simultaneous redemptions of one token succeed', async () => {
    const member = await registerAndConfirm(server);
    const token = await resetTokenFor(member.email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.api('POST', '/api/auth/reset-password', { body: { token, newPassword: `Concurrent${i}Pass` } }),
      ),
    );
    const winners = answers.filter((a) => a.status === 200);
    const losers = answers.filter((a) => a.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.status).toBe(400);
      expect(loser.body.message).toBe(Messages.resetPassword.invalidOrExpiredToken);
    }
    // The winner's password is the one in force.
    const index = answers.findIndex((a) => a.status === 200);
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: member.email, password: `Concurrent${index}Pass` },
    });
    expect(login.status).toBe(200);
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
  });

  it('refuses an expired reset token (1 hour) on verify and reset, and changes nothing', async () => {
    const member = await registerAndConfirm(server);
    const token = await resetTokenFor(member.email);
    const realNow = server.context.now;
    try {
      advanceClock(server, LIMITS.resetTokenTtlMs + 1000);
      const verify = await server.api('POST', '/api/auth/verify-reset-token', { body: { token } });
      expect(verify.status).toBe(400);
      expect(verify.body.message).toBe(Messages.resetPassword.invalidOrExpiredToken);
      const reset = await server.api('POST', '/api/auth/reset-password', {
        body: { token, newPassword: 'Expired1Pass' },
      });
      expect(reset.status).toBe(400);
      expect(reset.body.message).toBe(Messages.resetPassword.invalidOrExpiredToken);
    } finally {
      server.context.now = realNow;
    }
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    const login = await server.api('POST', '/api/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(login.status).toBe(200);
  });

  it('a reset ends the other outstanding links of the member', async () => {
    const member = await registerAndConfirm(server);
    const first = await resetTokenFor(member.email);
    const second = await resetTokenFor(member.email, 1);
    expect(
      (await server.api('POST', '/api/auth/reset-password', { body: { token: second, newPassword: 'Second1Pass' } }))
        .status,
    ).toBe(200);
    const stale = await server.api('POST', '/api/auth/reset-password', {
      body: { token: first, newPassword: 'First1Pass' },
    });
    expect(stale.status).toBe(400);
  });

  it('a reset through the mailed link also confirms an unconfirmed account (the link proves the mailbox)', async () => {
    const input = registration();
    expect((await server.api('POST', '/api/auth/register', { body: input })).status).toBe(201);
    const token = await resetTokenFor(input.email);
    expect(
      (await server.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Reset1Confirms' } })).status,
    ).toBe(200);
    const login = await server.api<{ user: { emailVerified: boolean; trialEndsAt: string | null } }>(
      'POST',
      '/api/auth/login',
      {
        body: { email: input.email, password: 'Reset1Confirms' },
      },
    );
    expect(login.status).toBe(200);
    expect(login.body.data?.user.emailVerified).toBe(true);
    expect(login.body.data?.user.trialEndsAt).not.toBeNull();
  });

  it('forgot-password answers the same whether or not the e-mail has an account', async () => {
    const member = await registerAndConfirm(server);
    const stranger = uniqueEmail('stranger');
    const known = await server.api('POST', '/api/auth/forgot-password', { body: { email: member.email } });
    const unknown = await server.api('POST', '/api/auth/forgot-password', { body: { email: stranger } });
    expect(shape(unknown)).toEqual(shape(known));
    expect(known.body.message).toBe(AuthMessages.forgotPasswordSent);
    await waitForMail(server, member.email, 'reset your password');
    await getMailer(server.context).drain();
    expect(mailsTo(server, stranger)).toHaveLength(0);
  });

  it('register of an existing e-mail answers exactly like a fresh one and tells the owner, changing nothing', async () => {
    const member = await registerAndConfirm(server);
    const usersBefore = await countRows(server, 'users');
    const fresh = registration();
    const again = registration({
      email: member.email.toUpperCase(),
      password: 'Attacker1Pass',
      fullName: 'Someone Else',
    });
    const freshAnswer = await server.api('POST', '/api/auth/register', { body: fresh });
    const againAnswer = await server.api('POST', '/api/auth/register', { body: again });
    expect(againAnswer.status).toBe(freshAnswer.status);
    expect(againAnswer.body.message).toBe(freshAnswer.body.message);
    expect(Object.keys(againAnswer.body.data as object)).toEqual(Object.keys(freshAnswer.body.data as object));
    expect(againAnswer.body.data).toEqual({ email: again.email });
    expect(await countRows(server, 'users')).toBe(usersBefore + 1);

    const notice = await waitForMail(server, member.email, 'someone tried to sign up');
    expect(notice.text).toContain('An account with this address already exists');
    expect(notice.text).toContain('http://localhost:5173/forgot-password');
    expect(notice.text).not.toMatch(/confirmation code is/);
    const row = await server.context.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Ada Obi');
    const attackerLogin = await server.api('POST', '/api/auth/login', {
      body: { email: member.email, password: 'Attacker1Pass' },
    });
    expect(attackerLogin.status).toBe(401);

    // A resend right after behaves the same for both addresses.
    const resendFresh = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: fresh.email } });
    const resendExisting = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: again.email } });
    expect(resendFresh.status).toBe(200);
    expect(shape(resendExisting)).toEqual(shape(resendFresh));
  });

  it('a resend for an address without an account answers success, like a real one', async () => {
    const stranger = uniqueEmail('ghost');
    const answer = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: stranger } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(Messages.confirmation.resendSuccess);
    await getMailer(server.context).drain();
    expect(mailsTo(server, stranger)).toHaveLength(0);
  });
});
