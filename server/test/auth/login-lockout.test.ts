import { AuthMessages } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS, loginDelayMs } from '../../src/modules/auth/auth.limits.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { uniqueEmail } from './auth-helpers.js';

/** Logs in as if from `ip`: the server trusts the loopback peer's X-Forwarded-For here, as behind nginx. */
async function loginFrom(server: TestServer, ip: string, email: string, password: string) {
  const started = performance.now();
  const answer = await server.api('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
  return { ...answer, ms: performance.now() - started };
}

describe('guessing a password does not lock its owner out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('locks the guessing address after ten failures; the owner on another address gets in after a short wait', async () => {
    const owner = await createMember(server.context.db, { email: uniqueEmail('owner') });
    const email = owner.user.email;
    const pairMax = AUTH_LIMITS.login.find((r) => r.name === 'login:email-ip')!.max;
    for (let i = 0; i < pairMax; i++) {
      expect((await loginFrom(server, '203.0.113.7', email, `Guess${i}Password`)).status).toBe(401);
    }
    // The guessing address is locked for this account, even with the right password.
    const locked = await loginFrom(server, '203.0.113.7', email, owner.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error?.code).toBe('rate_limited');

    // The owner, on their own address: through, after the account's progressive delay (2^10 ms here).
    const own = await loginFrom(server, '198.51.100.20', email, owner.password);
    expect(own.status).toBe(200);
    expect(own.ms).toBeGreaterThanOrEqual(loginDelayMs(pairMax) - 50);
    expect(loginDelayMs(pairMax)).toBeLessThanOrEqual(3000);

    // A wrong password from the owner's address is an ordinary refusal, not a lock.
    const typo = await loginFrom(server, '198.51.100.20', email, 'Typo1Password');
    expect(typo.status).toBe(401);
    expect(typo.body.message).toBe(AuthMessages.invalidCredentials);
  });

  it('still limits one address across many accounts', async () => {
    const ipMax = AUTH_LIMITS.login.find((r) => r.name === 'login:ip')!.max;
    for (let i = 0; i < ipMax; i++) {
      expect((await loginFrom(server, '192.0.2.99', uniqueEmail('spray'), 'Spray1Password')).status).toBe(401);
    }
    expect((await loginFrom(server, '192.0.2.99', uniqueEmail('spray'), 'Spray1Password')).status).toBe(429);
  });

  it('grows the delay with the failures and caps it at a few seconds', () => {
    expect(loginDelayMs(0)).toBe(0);
    expect(loginDelayMs(1)).toBe(2);
    expect(loginDelayMs(10)).toBe(1024);
    expect(loginDelayMs(11)).toBe(2048);
    expect(loginDelayMs(50)).toBe(3000);
  });
});
