import { AuthMessages, LIMITS, Messages, type TSessionData } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMailer } from '../../src/modules/mail/mail.service.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { advanceClock, codeFrom, mailsTo, registration, waitForMail } from './auth-helpers.js';

/** A wrong code that cannot be the real one. */
function wrongCodeFor(code: string): string {
  return code === 'AAAAAAAAAA' ? 'BBBBBBBBBB' : 'AAAAAAAAAA';
}

describe('e-mail confirmation codes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: '100' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function registered() {
    const input = registration();
    expect((await server.api('POST', '/api/auth/register', { body: input })).status).toBe(201);
    const code = codeFrom(await waitForMail(server, input.email, 'confirmation code'));
    return { input, code };
  }
  const confirm = (email: string, confirmationCode: string) =>
    server.api<TSessionData>('POST', '/api/auth/confirm-code', { body: { email, confirmationCode } });

  it('asks for the code when it is empty, with the form message', async () => {
    const { input } = await registered();
    const { status, body } = await confirm(input.email, '   ');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      message: Messages.confirmation.codeRequired,
      error: { code: 'validation_failed', fields: { confirmationCode: Messages.confirmation.codeRequired } },
    });
  });

  it('answers an unknown e-mail like a wrong code', async () => {
    const { status, body } = await confirm('nobody-here@example.com', 'ABCDEFGHIJ');
    expect(status).toBe(400);
    expect(body.message).toBe(Messages.confirmation.invalidCode);
  });

  it('rejects a confirmation code after five wrong attempts, even the right one', async () => {
    const { input, code } = await registered();
    for (let i = 1; i <= 4; i++) {
      const wrong = await confirm(input.email, wrongCodeFor(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(Messages.confirmation.invalidCode);
    }
    const fifth = await confirm(input.email, wrongCodeFor(code));
    expect(fifth.status).toBe(400);
    expect(fifth.body.message).toBe(AuthMessages.codeTooManyAttempts);
    const right = await confirm(input.email, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(AuthMessages.codeTooManyAttempts);
    const user = await server.context.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
  });

  it('rejects an expired code with a message to request a new one', async () => {
    const { input, code } = await registered();
    const user = await server.context.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow();
    await server.context.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const { status, body } = await confirm(input.email, code);
    expect(status).toBe(400);
    expect(body.message).toBe(AuthMessages.codeExpired);
  });

  it('lets a code expire after 15 minutes by the server clock', async () => {
    const { input, code } = await registered();
    const realNow = server.context.now;
    try {
      advanceClock(server, LIMITS.confirmationCodeTtlMs + 1000);
      expect((await confirm(input.email, code)).body.message).toBe(AuthMessages.codeExpired);
    } finally {
      server.context.now = realNow;
    }
  });

  it('sends at most one code per 60 s per e-mail, answering a resend inside it like any other; a new code replaces the old', async () => {
    const { input, code } = await registered();
    // Right after the sign-up: the same answer as for an address nobody signed up with (before: 429
    // "wait 60 seconds", which told anyone the address had just signed up), and no second mail.
    const early = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: input.email } });
    const stranger = await server.api('POST', '/api/auth/resend-welcome-email', {
      body: { email: registration().email },
    });
    expect(early.status).toBe(200);
    expect({ ...early.body, timestamp: '' }).toEqual({ ...stranger.body, timestamp: '' });
    await getMailer(server.context).drain();
    expect(mailsTo(server, input.email, 'confirmation code')).toHaveLength(1);

    const realNow = server.context.now;
    try {
      advanceClock(server, (LIMITS.resendCooldownSeconds + 1) * 1000);
      const resent = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: input.email } });
      expect(resent.status).toBe(200);
      expect(resent.body.message).toBe(Messages.confirmation.resendSuccess);
      const again = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: input.email } });
      expect(again.status).toBe(200);
      const newCode = codeFrom(await waitForMail(server, input.email, 'confirmation code', 1));
      expect(newCode).not.toBe(code);
      await getMailer(server.context).drain();
      expect(mailsTo(server, input.email, 'confirmation code')).toHaveLength(2);
      expect((await confirm(input.email, code)).body.message).toBe(Messages.confirmation.invalidCode);
      const ok = await confirm(input.email, newCode);
      expect(ok.status).toBe(200);
      expect(ok.body.data?.user.emailVerified).toBe(true);
    } finally {
      server.context.now = realNow;
    }
  });

  it('checks the resend e-mail with the sign-up messages', async () => {
    const empty = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(Messages.signup.emailRequired);
    const bad = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(Messages.signup.emailInvalid);
  });

  it('refuses login before confirmation with 403, and mails a fresh code once the cooldown allows', async () => {
    const { input, code } = await registered();
    const wrongPassword = await server.api('POST', '/api/auth/login', {
      body: { email: input.email, password: 'Wr0ngPassword' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.message).toBe(AuthMessages.invalidCredentials);

    const recent = await server.api('POST', '/api/auth/login', {
      body: { email: input.email, password: input.password },
    });
    expect(recent.status).toBe(403);
    expect(recent.body).toMatchObject({
      success: false,
      data: null,
      message: AuthMessages.emailNotConfirmedCodeRecent,
    });
    expect(mailsTo(server, input.email, 'confirmation code')).toHaveLength(1);

    const realNow = server.context.now;
    try {
      advanceClock(server, (LIMITS.resendCooldownSeconds + 1) * 1000);
      const later = await server.api('POST', '/api/auth/login', {
        body: { email: input.email, password: input.password },
      });
      expect(later.status).toBe(403);
      expect(later.body.message).toBe(AuthMessages.emailNotConfirmed);
      expect(JSON.stringify(later.body)).not.toMatch(/token/i);
      const fresh = codeFrom(await waitForMail(server, input.email, 'confirmation code', 1));
      expect(fresh).not.toBe(code);
      expect((await confirm(input.email, fresh)).status).toBe(200);
      const now = await server.api('POST', '/api/auth/login', {
        body: { email: input.email, password: input.password },
      });
      expect(now.status).toBe(200);
    } finally {
      server.context.now = realNow;
    }
  });
});
