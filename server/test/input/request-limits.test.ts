import { request } from 'node:http';
import { Messages } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** One request on its own connection (the server closes it after a parser error). */
function raw(
  server: TestServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; type: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type']) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function expectEnvelope(answer: { status: number; body: string; type: string }, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.type).toMatch(/application\/json/);
  const body = JSON.parse(answer.body);
  expect(body).toMatchObject({ success: false, data: null, message, error: { code: 'validation_failed' } });
  expect(typeof body.timestamp).toBe('string');
}

describe('oversized and unknown parts of a request get the envelope', () => {
  let server: TestServer;
  let unlocked: { token: string };
  let admin: { token: string };
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false' });
    unlocked = await createMember(server.context.db, { tier: 'gold' });
    admin = await createMember(server.context.db, { role: 'admin' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers an address over the header limit with 414 in the envelope (it answered 431)', async () => {
    expectEnvelope(await raw(server, `/api/countdown?x=${'a'.repeat(20_000)}`), 414, Messages.common.urlTooLong);
  });

  it('answers a long address with headers that together pass the limit with 431', async () => {
    const answer = await raw(server, `/api/countdown?x=${'a'.repeat(10_000)}`, {
      headers: { 'x-padding': 'a'.repeat(8000) },
    });
    expectEnvelope(answer, 431, Messages.common.headersTooLarge);
  });

  it('answers headers over the limit with 431 in the envelope', async () => {
    const answer = await raw(server, '/api/countdown', { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expectEnvelope(answer, 431, Messages.common.headersTooLarge);
  });

  it('answers a path parameter over 100 characters with 414 in the envelope', async () => {
    const answer = await raw(server, `/api/bot-access/submissions/${'a'.repeat(300)}`);
    expectEnvelope(answer, 414, Messages.common.urlTooLong);
  });

  it('answers broken percent-encoding in a path with 400 in the envelope', async () => {
    expectEnvelope(await raw(server, '/api/bot-access/submissions/%zz'), 400, Messages.common.invalidRequest);
  });

  it('answers a body over 64 kB with 413 in the envelope', async () => {
    const body = JSON.stringify({ email: 'a'.repeat(70_000) });
    const answer = await raw(server, '/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expectEnvelope(answer, 413, Messages.common.requestTooLarge);
  });

  it('answers a malformed request line with 400 in the envelope', async () => {
    const answer = await raw(server, '/api/countdown', { headers: { 'content-length': 'abc' } });
    expectEnvelope(answer, 400, Messages.common.invalidRequest);
  });

  it('refuses unknown query parameters on API calls, naming them', async () => {
    const cases: Array<[string, string, string | undefined]> = [
      ['/api/countdown?foo=1', 'foo', undefined],
      ['/api/auth/me?debug=true', 'debug', unlocked.token],
      ['/api/signals?limt=10', 'limt', unlocked.token],
      ['/api/admin/users?page=1&limit=50&role=admin', 'role', admin.token],
      ['/api/stats/public?callback=x', 'callback', undefined],
    ];
    for (const [path, name, token] of cases) {
      const answer = await server.api('GET', path, token ? { token } : {});
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toBe(Messages.common.unknownQueryParameter(name));
      expect(answer.body.error?.fields?.[name]).toBe(Messages.common.unknownQueryParameter(name));
    }
    const long = await server.api('GET', `/api/countdown?${'k'.repeat(5000)}=1`);
    expect(long.status).toBe(400);
    expect(long.body.message.length).toBeLessThan(100);
  });

  it('keeps the web app calls with their query strings working', async () => {
    const ok: Array<[string, string]> = [
      ['/api/signals?limit=10&sortOrder=desc', unlocked.token],
      ['/api/admin/users?page=1&limit=50', admin.token],
      ['/api/admin/users/search?query=ada&limit=50', admin.token],
      ['/api/bot-access/submissions?page=1&limit=50&status=new', admin.token],
    ];
    for (const [path, token] of ok) {
      const answer = await server.api('GET', path, { token });
      expect(answer.status, path).toBe(200);
      expect(answer.body.success).toBe(true);
    }
    expect((await server.api('GET', '/api/countdown')).status).toBe(200);
  });

  it('says which query value is wrong in words', async () => {
    const answer = await server.api('GET', '/api/signals?limit=ten&sortOrder=sideways', { token: unlocked.token });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.fields).toEqual({
      limit: 'limit must be a whole number from 1 to 100.',
      sortOrder: 'sortOrder must be asc or desc.',
    });
  });
});
