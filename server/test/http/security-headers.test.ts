import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  let server: TestServer;
  let member: { token: string };
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false', ALLOWED_ORIGINS: 'https://www.example.com' });
    member = await createMember(server.context.db);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends a strict Content-Security-Policy on every answer', async () => {
    for (const path of ['/api/countdown', '/api/no-such-call', '/api/auth/me']) {
      const { headers } = await server.api('GET', path);
      const csp = directives(headers.get('content-security-policy'));
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173', 'wss://www.example.com']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect([...csp.values()].flat()).not.toContain("'unsafe-inline'");
      expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    }
  });

  it('sends nosniff, no-referrer and DENY framing, and no HSTS on an http deployment', async () => {
    const { headers } = await server.api('GET', '/api/countdown');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('never lets an answer carrying a session or user data be cached', async () => {
    const withToken = await server.api('GET', '/api/auth/me', { token: member.token });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('cache-control')).toBe('no-store');
    const anyTokenCall = await server.api('GET', '/api/countdown', { token: member.token });
    expect(anyTokenCall.headers.get('cache-control')).toBe('no-store');
    const login = await server.api('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'Wr0ngPass' } });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const badToken = await server.api('GET', '/api/auth/me', { token: 'not-a-session' });
    expect(badToken.headers.get('cache-control')).toBe('no-store');
    // A public answer without a session may be cached by the browser as usual.
    const open = await server.api('GET', '/api/countdown');
    expect(open.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('security headers on an https deployment', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'https://signals.example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds HSTS and upgrades insecure requests, and lets the page reach its wss socket', async () => {
    const { headers } = await server.api('GET', '/api/countdown');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(headers.get('content-security-policy'));
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://signals.example.com']);
  });
});

describe('security headers without PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: '' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets the page reach the socket on the address the server listens on, with its real port (an IPv6 literal, which a CSP source cannot name, through self)', async () => {
    const port = new URL(server.url).port;
    const { headers } = await server.api('GET', '/api/countdown');
    const csp = directives(headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(["'self'", `ws://localhost:${port}`, `ws://127.0.0.1:${port}`]);
    expect(headers.get('strict-transport-security')).toBeNull();
  });
});
