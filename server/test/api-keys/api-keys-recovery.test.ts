import {
  API_KEY_STREAMS_PER_KEY,
  ApiKeyMessages,
  SettingsMessages,
  STREAM_CLOSE,
  type TApiKey,
  type TCreatedApiKey,
  type TRevokedKeys,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { resetTokenFrom, waitForMail } from '../auth/auth-helpers.js';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** An open stream connection and how it ended. */
interface OpenStream {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  /** The header fields of the 101 that opened it. */
  headers: Record<string, string | string[] | undefined>;
}

/** A refused upgrade: its status, envelope message and headers. */
interface Refusal {
  status: number;
  message: string;
  headers: Record<string, string | string[] | undefined>;
}

// API keys end with the account's recovery, may carry an expiry, and hold a bounded number of streams.
describe('API keys and the account’s recovery', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({});
  });
  afterAll(async () => {
    await server?.close();
  });

  const streamUrl = () => `${server.url.replace(/^http/, 'ws')}/api/stream`;

  async function newKey(token: string, body: Record<string, unknown> = { name: 'bot' }): Promise<TCreatedApiKey> {
    const created = await server.api<TCreatedApiKey>('POST', '/api/users/api-keys', { token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as TCreatedApiKey;
  }

  function openStream(key: string): Promise<OpenStream> {
    const ws = new WebSocket(streamUrl(), { headers: { authorization: `Bearer ${key}` } });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    let headers: OpenStream['headers'] = {};
    ws.once('upgrade', (response) => {
      headers = response.headers;
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, closed, headers }));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`refused ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }

  function refusedStream(key: string): Promise<Refusal> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(streamUrl(), { headers: { authorization: `Bearer ${key}` } });
      ws.on('open', () => reject(new Error('the stream opened')));
      ws.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, message: JSON.parse(body).message, headers: response.headers }),
        );
      });
      ws.on('error', () => undefined);
    });
  }

  /** Two keys of a gold member, one of them holding a stream open. */
  async function memberWithKeys(): Promise<{ member: CreatedMember; keys: TCreatedApiKey[]; stream: OpenStream }> {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const keys = [await newKey(member.token, { name: 'Trading bot' }), await newKey(member.token, { name: 'Sheet' })];
    const stream = await openStream(keys[0]?.secret as string);
    return { member, keys, stream };
  }

  it('revokes every key with a password reset, closes their streams and mails the member which', async () => {
    const { member, keys, stream } = await memberWithKeys();
    expect((await server.api('POST', '/api/auth/forgot-password', { body: { email: member.user.email } })).status).toBe(
      200,
    );
    const token = resetTokenFrom(await waitForMail(server, member.user.email, 'reset your password'));
    const reset = await server.api('POST', '/api/auth/reset-password', { body: { token, newPassword: 'After1Reset' } });
    expect(reset.status).toBe(200);

    expect(await stream.closed).toEqual({ code: STREAM_CLOSE.accessEnded, reason: 'key revoked' });
    for (const key of keys) {
      const refused = await server.api('GET', '/api/signals', { token: key.secret });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toContain("when the account's password was reset");
    }
    const mail = await waitForMail(server, member.user.email, 'API keys were revoked');
    expect(mail.text).toContain(`Trading bot (${keys[0]?.prefix}…)`);
    expect(mail.text).toContain(`Sheet (${keys[1]?.prefix}…)`);
    expect(mail.text).toContain('the password of your account was reset');
  });

  it('revokes every key when the member logs out everywhere else, and says which in the answer', async () => {
    const { member, keys, stream } = await memberWithKeys();
    const answer = await server.api<TRevokedKeys & { revoked: number }>('POST', '/api/users/sessions/revoke-others', {
      token: member.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.revokedKeys).toEqual(keys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix })));
    expect(answer.body.message).toBe(`${SettingsMessages.otherSessionsRevoked}${SettingsMessages.apiKeysRevoked(2)}`);
    expect((await stream.closed).code).toBe(STREAM_CLOSE.accessEnded);
    const refused = await server.api('GET', '/api/auth/me', { token: keys[1]?.secret });
    expect(refused.body.message).toContain('when the account was logged out everywhere');
    // The session that asked stays signed in.
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    await waitForMail(server, member.user.email, 'API keys were revoked');
  });

  it('revokes the keys with a change of password unless the member unticks it', async () => {
    const { member, keys, stream } = await memberWithKeys();
    const kept = await server.api<TRevokedKeys>('POST', '/api/users/password', {
      token: member.token,
      body: { currentPassword: member.password, newPassword: 'Chang3dOnce', revokeApiKeys: false },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ data: { revokedKeys: [] }, message: SettingsMessages.passwordChanged });
    expect((await server.api('GET', '/api/auth/me', { token: keys[0]?.secret })).status).toBe(200);

    const revoked = await server.api<TRevokedKeys>('POST', '/api/users/password', {
      token: member.token,
      body: { currentPassword: 'Chang3dOnce', newPassword: 'Chang3dTwice' },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data?.revokedKeys.map((k) => k.name)).toEqual(['Trading bot', 'Sheet']);
    expect(revoked.body.message).toBe(`${SettingsMessages.passwordChanged}${SettingsMessages.apiKeysRevoked(2)}`);
    expect((await stream.closed).code).toBe(STREAM_CLOSE.accessEnded);
    const refused = await server.api('GET', '/api/auth/me', { token: keys[0]?.secret });
    expect(refused.body.message).toContain("when the account's password was changed");
  });

  it('refuses a key past its expiry with a message that says so, and frees its place', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const key = await newKey(member.token, { name: 'Short-lived', expiresInDays: 30 });
    const listed = await server.api<TApiKey[]>('GET', '/api/users/api-keys', { token: member.token });
    const expiresAt = Date.parse(listed.body.data?.[0]?.expiresAt ?? '');
    expect(Math.abs(expiresAt - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    const bad = await server.api('POST', '/api/users/api-keys', {
      token: member.token,
      body: { name: 'Forever and a day', expiresInDays: 400 },
    });
    expect(bad.body.error?.fields).toEqual({ expiresInDays: ApiKeyMessages.expiryInvalid });

    const past = new Date(Date.now() - 60_000);
    await server.context.db.updateTable('api_keys').set({ expires_at: past }).where('id', '=', key.id).execute();
    const refused = await server.api('GET', '/api/signals', { token: key.secret });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(ApiKeyMessages.expiredKey(past.toISOString()));
    expect((await refusedStream(key.secret)).status).toBe(401);
    // Expired keys are listed until revoked, but the member may hold five that work beside it.
    for (let i = 0; i < 5; i += 1) await newKey(member.token, { name: `Key ${i}` });
    const all = await server.api<TApiKey[]>('GET', '/api/users/api-keys', { token: member.token });
    expect(all.body.data).toHaveLength(6);
  });

  it(`holds ${API_KEY_STREAMS_PER_KEY} stream connections per key at most: the sixth is refused with 429`, async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const key = await newKey(member.token);
    const open: OpenStream[] = [];
    for (let i = 0; i < API_KEY_STREAMS_PER_KEY; i += 1) open.push(await openStream(key.secret));
    const sixth = await refusedStream(key.secret);
    expect(sixth.status).toBe(429);
    expect(sixth.message).toBe(ApiKeyMessages.streamsFull);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the member has its own connections.
    const other = await newKey(member.token, { name: 'other' });
    (await openStream(other.secret)).ws.close();
    // One closes: its place is free again.
    open[0]?.ws.close();
    await open[0]?.closed;
    const again = await openStream(key.secret);
    for (const stream of [...open.slice(1), again]) stream.ws.close();
  });

  it('gives reconnects a budget of their own, apart from the key’s requests', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const key = await newKey(member.token);
    const first = await openStream(key.secret);
    // The 101 carries the key's budget of connections, as any answer to a key carries its budget.
    expect(first.headers['ratelimit-policy']).toBe('"api-key-stream";q=30;w=60');
    expect(first.headers.ratelimit).toMatch(/^"api-key-stream";r=29;t=\d+$/);
    first.ws.close();
    let refused: Refusal | null = null;
    for (let i = 0; i < 40 && !refused; i += 1) {
      try {
        const stream = await openStream(key.secret);
        stream.ws.close();
        await stream.closed;
      } catch {
        refused = await refusedStream(key.secret);
      }
    }
    expect(refused?.status).toBe(429);
    expect(refused?.message).toMatch(
      /^This API key opened the stream 30 times this minute\. Reconnect in \d+ seconds\.$/,
    );
    expect(refused?.headers.ratelimit).toMatch(/^"api-key-stream";r=0;t=\d+$/);
    // Its requests are a budget apart: reads still go through.
    expect((await server.api('GET', '/api/auth/me', { token: key.secret })).status).toBe(200);
  });
});
