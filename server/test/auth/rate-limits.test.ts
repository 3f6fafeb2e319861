import { AuthMessages, LIMITS, Messages } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/modules/auth/auth.limits.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { advanceClock, codeFrom, findUserByEmail, registration, uniqueEmail, waitForMail } from './auth-helpers.js';

type Answer = Awaited<ReturnType<TestServer['api']>>;

/** The 429 envelope of an exceeded auth limit, with the seconds to wait. */
function expectRateLimited(answer: Answer): void {
  expect(answer.status).toBe(429);
  const seconds = answer.body.error?.retryAfterSeconds ?? 0;
  expect(seconds).toBeGreaterThan(0);
  expect(answer.body).toMatchObject({
    success: false,
    data: null,
    message: AuthMessages.rateLimited(seconds),
    error: { code: 'rate_limited', retryAfterSeconds: seconds },
  });
  expect(answer.headers.get('retry-after')).toBe(String(seconds));
}

describe('rate limits of the auth calls (default limits)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('limits login attempts per e-mail from one address', async () => {
    const email = uniqueEmail('target');
    const max = AUTH_LIMITS.login.find((r) => r.name === 'login:email-ip')!.max;
    for (let i = 0; i < max; i++) {
      const answer = await server.api('POST', '/api/auth/login', { body: { email, password: `Guess${i}Password` } });
      expect(answer.status).toBe(401);
    }
    expectRateLimited(await server.api('POST', '/api/auth/login', { body: { email, password: 'OneMore1Guess' } }));
    // Another address from the same IP still gets through (the per-IP limit is higher).
    const other = await server.api('POST', '/api/auth/login', {
      body: { email: uniqueEmail(), password: 'Guess1Password' },
    });
    expect(other.status).toBe(401);
  });

  it('limits login attempts per IP across addresses', async () => {
    const ipMax = AUTH_LIMITS.login.find((r) => r.name === 'login:ip')!.max;
    let limited: Answer | null = null;
    // The previous test already used 12 of this IP's login allowance.
    for (let i = 0; i < ipMax + 1 && !limited; i++) {
      const answer = await server.api('POST', '/api/auth/login', {
        body: { email: uniqueEmail(), password: 'Guess1Password' },
      });
      if (answer.status === 429) limited = answer;
      else expect(answer.status).toBe(401);
    }
    expect(limited).not.toBeNull();
    expectRateLimited(limited!);
  });

  it('limits registrations per IP and writes nothing once limited', async () => {
    const max = AUTH_LIMITS.register.find((r) => r.name === 'register:ip')!.max;
    // Every attempt counts, refused ones too, so cheap refused ones (no password hashing) fill the
    // allowance; they go in parallel batches because past the first 20 each is held a little (slow-down).
    for (let sent = 0; sent < max; sent += 25) {
      const batch = Array.from({ length: Math.min(25, max - sent) }, () =>
        server.api('POST', '/api/auth/register', { body: registration({ password: '' }) }),
      );
      for (const answer of await Promise.all(batch)) expect(answer.status).toBe(400);
    }
    const input = registration();
    expectRateLimited(await server.api('POST', '/api/auth/register', { body: input }));
    expect(await findUserByEmail(server, input.email)).toBeUndefined();
  });

  it('limits forgot-password per e-mail', async () => {
    const email = uniqueEmail('forgot');
    const max = AUTH_LIMITS.forgot.find((r) => r.name === 'forgot:email')!.max;
    for (let i = 0; i < max; i++) {
      const answer = await server.api('POST', '/api/auth/forgot-password', { body: { email } });
      expect(answer.status).toBe(200);
    }
    expectRateLimited(await server.api('POST', '/api/auth/forgot-password', { body: { email } }));
  });

  it('limits confirmation attempts per address', async () => {
    const max = AUTH_LIMITS.confirm.find((r) => r.name === 'confirm:ip')!.max;
    for (let i = 0; i < max; i++) {
      const answer = await server.api('POST', '/api/auth/confirm-code', {
        body: { email: uniqueEmail('confirm'), confirmationCode: 'ABCDEFGHIJ' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(Messages.confirmation.invalidCode);
    }
    expectRateLimited(
      await server.api('POST', '/api/auth/confirm-code', {
        body: { email: uniqueEmail('confirm'), confirmationCode: 'ABCDEFGHIJ' },
      }),
    );
  });

  it('limits resends per IP beyond the per-address cooldown', async () => {
    const max = AUTH_LIMITS.resend.find((r) => r.name === 'resend:ip')!.max;
    for (let i = 0; i < max; i++) {
      const answer = await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: uniqueEmail() } });
      expect(answer.status).toBe(200);
    }
    expectRateLimited(await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: uniqueEmail() } }));
  });

  it('limits guesses of one reset token', async () => {
    const max = AUTH_LIMITS.reset.find((r) => r.name === 'reset:token')!.max;
    const token = 'guessed-token-value';
    for (let i = 0; i < max; i++) {
      const answer = await server.api('POST', '/api/auth/verify-reset-token', { body: { token } });
      expect(answer.status).toBe(400);
    }
    expectRateLimited(
      await server.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'Longenough1' } }),
    );
  });
});

describe('confirmation codes under the default limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets the owner confirm with a fresh code after a stranger spent ten wrong codes on the address', async () => {
    const input = registration();
    expect((await server.api('POST', '/api/auth/register', { body: input })).status).toBe(201);
    await waitForMail(server, input.email, 'confirmation code');
    // Before, ten wrong codes for an e-mail, from any address, blocked the real one for 15 minutes.
    for (let i = 0; i < 10; i++) {
      const answer = await server.api('POST', '/api/auth/confirm-code', {
        body: { email: input.email, confirmationCode: 'WRONG00000' },
      });
      expect(answer.status).toBe(400);
    }
    // The guesses spent that code (5 tries); the owner's resend starts a new one with a new budget.
    const realNow = server.context.now;
    try {
      advanceClock(server, (LIMITS.resendCooldownSeconds + 1) * 1000);
      expect(
        (await server.api('POST', '/api/auth/resend-welcome-email', { body: { email: input.email } })).status,
      ).toBe(200);
      const fresh = codeFrom(await waitForMail(server, input.email, 'confirmation code', 1));
      const confirmed = await server.api('POST', '/api/auth/confirm-code', {
        body: { email: input.email, confirmationCode: fresh },
      });
      expect(confirmed.status).toBe(200);
    } finally {
      server.context.now = realNow;
    }
  });
});
