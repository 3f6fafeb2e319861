import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TCreatedApiKey } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const ELSEWHERE = 'https://tools.example.net';

// Browser tools on other sites: the reads a key may make answer CORS for any origin, without
// credentials; the stream takes the key as a subprotocol. Nothing else opens to other origins.
describe('cross-origin reads with an API key', () => {
  let server: TestServer;
  let key: string;
  let session: string;

  beforeAll(async () => {
    server = await startTestServer({});
    const member = await createMember(server.context.db, { tier: 'gold' });
    session = member.token;
    const created = await server.api<TCreatedApiKey>('POST', '/api/users/api-keys', {
      token: member.token,
      body: { name: 'browser tool' },
    });
    key = (created.body.data as TCreatedApiKey).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a preflight for a key-reading route, and lets the page read the answer and its budget', async () => {
    const preflight = await fetch(`${server.url}/api/signals?limit=5`, {
      method: 'OPTIONS',
      headers: {
        origin: ELSEWHERE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const read = await fetch(`${server.url}/api/signals?limit=5`, {
      headers: { origin: ELSEWHERE, authorization: `Bearer ${key}` },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(read.headers.get('access-control-expose-headers')).toContain('RateLimit');
    expect(read.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    // A refusal is readable too: the page can tell a bad key from a network failure.
    const refused = await fetch(`${server.url}/api/auth/me`, {
      headers: { origin: ELSEWHERE, authorization: `Bearer sr_${'B'.repeat(43)}` },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('opens nothing else to other origins', async () => {
    const preflight = await fetch(`${server.url}/api/users/api-keys`, {
      method: 'OPTIONS',
      headers: { origin: ELSEWHERE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // A key-reading path asked for another method is not opened either.
    const write = await fetch(`${server.url}/api/signals`, {
      method: 'OPTIONS',
      headers: { origin: ELSEWHERE, 'access-control-request-method': 'DELETE' },
    });
    expect(write.status).toBe(404);
    const sessionRead = await fetch(`${server.url}/api/users/sessions`, {
      headers: { origin: ELSEWHERE, authorization: `Bearer ${session}` },
    });
    expect(sessionRead.status).toBe(200);
    expect(sessionRead.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes the key as a WebSocket subprotocol and selects `bearer`, never echoing the key', async () => {
    const url = `${server.url.replace(/^http/, 'ws')}/api/stream`;
    const ws = new WebSocket(url, ['bearer', key], { headers: { origin: ELSEWHERE } });
    const first = await new Promise<{ type: string }>((resolve, reject) => {
      ws.once('message', (data) => resolve(JSON.parse(data.toString())));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
      ws.once('error', reject);
    });
    expect(ws.protocol).toBe('bearer');
    expect(first.type).toBe('ready');
    ws.close();
    // Without a key among the subprotocols it is refused like any call without one.
    const refused = await new Promise<number>((resolve) => {
      const bare = new WebSocket(url, ['bearer']);
      bare.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      bare.on('error', () => undefined);
    });
    expect(refused).toBe(401);
  });

  it('runs the browser tool of docs/connect-your-tools.md (fetch and WebSocket only) against this server', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['docs/examples/browser-tool.mjs'], {
      env: { ...process.env, SIGNALROOM_URL: server.url, SIGNALROOM_KEY: key, STOP_AFTER: '1' },
      timeout: 20_000,
    });
    expect(stdout).toMatch(
      /^\d+ newest signals; budget "api-key";r=\d+;t=\d+\nstream ready \(bearer\)\nstream closed \(1000\)\n$/,
    );
  });
});
