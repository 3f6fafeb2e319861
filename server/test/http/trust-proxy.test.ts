import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/modules/auth/auth.limits.js';
import { uniqueEmail } from '../auth/auth-helpers.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { rawRequest } from './raw-http.js';

const ipMax = AUTH_LIMITS.login.find((rule) => rule.name === 'login:ip')!.max;

/**
 * TRUST_PROXY names the proxy (here 127.0.0.1): only its X-Forwarded-For counts, and of it only the
 * address the proxy itself saw. A client cannot leave the per-IP limit by sending its own chain.
 */
describe('per-IP limits behind a trusted proxy (TRUST_PROXY=127.0.0.1, real limits)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1', RATE_LIMITS: 'true', RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (options: { localAddress?: string; forwardedFor?: string }) =>
    rawRequest(server.url, {
      path: '/api/auth/login',
      body: { email: uniqueEmail('xff'), password: 'Guess1Password' },
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    });

  it('ignores the chain of a client that is not the proxy: a new forged address per request changes nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ipMax; i++) {
      const answer = await login({ localAddress: '127.0.0.2', forwardedFor: `203.0.113.${i}, 198.51.100.${i}` });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, ipMax).every((s) => s === 401)).toBe(true);
    expect(statuses[ipMax]).toBe(429);
  });

  it('through the proxy, counts the address the proxy saw, whatever the client prepended', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ipMax; i++) {
      // What a proxy that appends produces: the client's forged entries, then the real peer.
      const answer = await login({ forwardedFor: `203.0.113.${i}, 10.9.8.${i}, 192.0.2.7` });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, ipMax).every((s) => s === 401)).toBe(true);
    expect(statuses[ipMax]).toBe(429);
    // Another real client behind the same proxy has its own allowance.
    expect((await login({ forwardedFor: '203.0.113.1, 192.0.2.8' })).status).toBe(401);
  });
});
