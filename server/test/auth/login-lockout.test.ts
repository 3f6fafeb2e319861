import { AuthMessages, type TSessionData } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOGIN_BUDGET, AUTH_LIMITS, loginDelayMs } from '../../src/modules/auth/auth.limits.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { resetTokenFrom, uniqueEmail, waitForMail } from './auth-helpers.js';

/** Logs in as if from `ip`: the server trusts the loopback peer's X-Forwarded-For here, as behind nginx. */
async function loginFrom(server: TestServer, ip: string, email: string, password: string, deviceToken?: string) {
  const started = performance.now();
  const answer = await server.api<TSessionData>('POST', '/api/auth/login', {
    body: { email, password, ...(deviceToken ? { deviceToken } : {}) },
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

  it('evaluates at most the account budget of 300 parallel guesses from 30 addresses; the owner still gets in', async () => {
    const owner = await createMember(server.context.db, { email: uniqueEmail('target') });
    const email = owner.user.email;
    // The owner logged in on their laptop before: it keeps the device token the answer gave it.
    const earlier = await loginFrom(server, '198.51.100.30', email, owner.password);
    expect(earlier.status).toBe(200);
    const laptop = earlier.body.data!.deviceToken;

    // 30 addresses, 10 guesses each (the per-address limit), all addresses at once.
    const addresses = Array.from({ length: 30 }, (_, i) => `203.0.113.${100 + i}`);
    const statuses = (
      await Promise.all(
        addresses.map(async (ip, a) => {
          const seen: number[] = [];
          for (let i = 0; i < 10; i++) seen.push((await loginFrom(server, ip, email, `Spray${a}x${i}Pass`)).status);
          return seen;
        }),
      )
    ).flat();
    // Before: 300 of 300 evaluated (401), no 429.
    console.log(
      `300 guesses from 30 addresses: ${statuses.filter((status) => status === 401).length} evaluated, ${statuses.filter((status) => status === 429).length} refused (429)`,
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(ACCOUNT_LOGIN_BUDGET);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(300 - ACCOUNT_LOGIN_BUDGET);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

    // Locked to every other device, the right password included, with a way out in the message.
    const elsewhere = await loginFrom(server, '198.51.100.31', email, owner.password);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.message).toMatch(/^Too many failed logins on this account/);
    // From the laptop (any address): in, with the same device token.
    const own = await loginFrom(server, '198.51.100.32', email, owner.password, laptop);
    expect(own.status).toBe(200);
    expect(own.body.data?.deviceToken).toBe(laptop);
    // A device token of another member is no key to this account.
    const other = await createMember(server.context.db, { email: uniqueEmail('other') });
    const otherDevice = (await loginFrom(server, '198.51.100.33', other.user.email, other.password)).body.data!;
    expect((await loginFrom(server, '198.51.100.33', email, owner.password, otherDevice.deviceToken)).status).toBe(429);

    // The e-mailed reset link lifts the lock: the new password works from a new device.
    expect((await server.api('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    const token = resetTokenFrom(await waitForMail(server, email, 'reset your password'));
    const reset = await server.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'After1Reset' } });
    expect(reset.status).toBe(200);
    expect((await loginFrom(server, '198.51.100.34', email, 'After1Reset')).status).toBe(200);
  }, 60_000);

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
