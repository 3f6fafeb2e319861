import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS, SIGNUP_SLOWDOWN } from '../../src/modules/auth/auth.limits.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { findUserByEmail, registration } from './auth-helpers.js';

function registerFrom(server: TestServer, ip: string, body = registration()) {
  return server.api('POST', '/api/auth/register', { body, headers: { 'x-forwarded-for': ip } });
}

describe('sign-ups from one shared address (a mobile carrier)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets 25 people behind one address sign up within the hour, the later ones a little slower', async () => {
    const ip = '100.64.0.1';
    for (let i = 1; i <= 25; i++) {
      const started = performance.now();
      const answer = await registerFrom(server, ip);
      expect(answer.status, `sign-up ${i}`).toBe(201);
      if (i === 25) expect(performance.now() - started).toBeGreaterThanOrEqual(SIGNUP_SLOWDOWN.delayMs(25) - 50);
    }
    expect(SIGNUP_SLOWDOWN.delayMs(20)).toBe(0);
    expect(SIGNUP_SLOWDOWN.delayMs(25)).toBe(500);
    expect(SIGNUP_SLOWDOWN.delayMs(1000)).toBe(3000);
    expect(AUTH_LIMITS.register.find((r) => r.name === 'register:ip')!.max).toBe(100);
  });

  it('still limits one e-mail address to 5 attempts an hour, and stores nothing past it', async () => {
    const email = registration().email;
    const max = AUTH_LIMITS.register.find((r) => r.name === 'register:email')!.max;
    for (let i = 0; i < max; i++) {
      expect((await registerFrom(server, `100.64.1.${i + 1}`, registration({ email }))).status).toBe(201);
    }
    const over = await registerFrom(server, '100.64.1.200', registration({ email: email.toUpperCase() }));
    expect(over.status).toBe(429);
    const other = registration();
    const byOtherIp = await registerFrom(server, '100.64.2.1', other);
    expect(byOtherIp.status).toBe(201);
    expect(await findUserByEmail(server, other.email)).toBeDefined();
  });
});
