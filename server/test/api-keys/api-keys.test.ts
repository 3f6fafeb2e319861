import {
  API_KEY_MAX_PER_MEMBER,
  ApiKeyMessages,
  type TApiKey,
  type TCreatedApiKey,
  type TSignalView,
  type TUser,
} from '@signalroom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/http/tokens.js';
import { createMember } from '../helpers/factories.js';
import { captureLog, type LogCapture } from '../helpers/log-capture.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, slots } from '../signals/signal-helpers.js';

/** Members' API keys: made in Profile Settings with a session, used as `Authorization: Bearer sr_...` on reads. */
describe('API keys', () => {
  let server: TestServer;
  let log: LogCapture;
  // RATE_LIMIT_MULTIPLIER 0.1: each key may make 6 requests a minute here, so the limit is reachable.
  const KEY_BUDGET = 6;
  beforeAll(async () => {
    log = captureLog();
    server = await startTestServer(
      { SILVER_DAILY_LIMIT: '2', RATE_LIMIT_MULTIPLIER: '0.1', LOG_LEVEL: 'warn' },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const createKey = (token: string, name = 'Trading bot') =>
    server.api<TCreatedApiKey>('POST', '/api/users/api-keys', { token, body: { name } });
  const listKeys = (token: string) => server.api<TApiKey[]>('GET', '/api/users/api-keys', { token });
  async function newKey(token: string, name?: string): Promise<TCreatedApiKey> {
    const created = await createKey(token, name);
    expect(created.status).toBe(201);
    return created.body.data as TCreatedApiKey;
  }

  it('creates a key shown once, stored only as its SHA-256, listed without its secret', async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const created = await createKey(member.token, '  Trading bot  ');
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(ApiKeyMessages.created);
    const key = created.body.data as TCreatedApiKey;
    expect(key.secret).toMatch(/^sr_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Trading bot', prefix: key.secret.slice(0, 11), lastUsedAt: null });

    const listed = await listKeys(member.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        id: key.id,
        name: 'Trading bot',
        prefix: key.prefix,
        createdAt: key.createdAt,
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);

    // The database holds the hash and the first characters, never the secret.
    const row = await server.context.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirst();
    expect(row?.secret_hash).toBe(hashSecret(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    const { rows } = await sql<{ found: number }>`
      select count(*)::int as found from api_keys where position(${key.secret} in api_keys::text) > 0`.execute(
      server.context.db,
    );
    expect(rows[0]?.found).toBe(0);
  });

  it('reads signals with the same tier view and daily allowance as the member’s session', async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const key = await newKey(member.token);
    const engine = engineFor(server);
    for (const slot of slots('2026-11-18T10:00:00Z', 4)) await engine.runSlot(slot);
    const bySession = await server.api<TSignalView[]>('GET', '/api/signals', { token: member.token });
    const byKey = await server.api<TSignalView[]>('GET', '/api/signals', { token: key.secret });
    expect(byKey.status).toBe(200);
    // Silver with a daily allowance of 2: the newest two are locked teasers, by key as by session.
    expect((byKey.body.data ?? []).map((v) => [v.daySequence, v.locked])).toEqual([
      [4, true],
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(byKey.body.data).toEqual(bySession.body.data);

    expect((await server.api('GET', '/api/signals/stats/performance', { token: key.secret })).status).toBe(200);
    expect((await server.api('GET', '/api/track-record/summary', { token: key.secret })).status).toBe(200);
    const me = await server.api<TUser>('GET', '/api/auth/me', { token: key.secret });
    expect(me.status).toBe(200);
    expect(me.body.data?.id).toBe(member.user.id);
    // Using the key records its last use.
    const [listed] = (await listKeys(member.token)).body.data ?? [];
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('refuses a key with 403 on every write and on the settings, keys and sessions', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const key = await newKey(member.token);
    const refused = [
      ['PUT', '/api/users/profile', { fullName: 'Changed By Key' }],
      ['POST', '/api/users/api-keys', { name: 'Another' }],
      ['GET', '/api/users/api-keys', undefined],
      ['DELETE', `/api/users/api-keys/${key.id}`, undefined],
      ['GET', '/api/users/sessions', undefined],
      ['POST', '/api/users/sessions/revoke-others', undefined],
      ['POST', '/api/auth/logout', undefined],
      ['PUT', '/api/users/notifications', { signals: false, trades: false, marketing: false, security: true }],
      ['GET', '/api/users/export', undefined],
    ] as const;
    for (const [method, path, body] of refused) {
      const answer = await server.api(method, path, { token: key.secret, ...(body ? { body } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toMatchObject({
        success: false,
        message: ApiKeyMessages.readOnly,
        error: { code: 'forbidden' },
      });
    }
    // Nothing changed, and the key still works where it is accepted.
    const me = await server.api<TUser>('GET', '/api/auth/me', { token: key.secret });
    expect(me.body.data?.fullName).toBe(member.user.fullName);
    expect((await listKeys(member.token)).body.data).toHaveLength(1);
    // The refusal is described on the apiKey scheme, not on each operation: it is not logged as drift.
    expect(log.text()).not.toContain('answer not declared');
  });

  it('answers 401 for a revoked, unknown or malformed key with a message that says which, and audits creation and revocation', async () => {
    const member = await createMember(server.context.db, { tier: 'pro' });
    const key = await newKey(member.token, 'Dashboard');
    expect((await server.api('GET', '/api/auth/me', { token: key.secret })).status).toBe(200);
    const revoked = await server.api('DELETE', `/api/users/api-keys/${key.id}`, { token: member.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(ApiKeyMessages.revoked);
    const after = await server.api('GET', '/api/signals', { token: key.secret });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(
      /^This API key was revoked on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Make a new one/,
    );
    expect((await listKeys(member.token)).body.data).toEqual([]);
    // Revoking twice, or an id that is not a key of this member: 404.
    expect((await server.api('DELETE', `/api/users/api-keys/${key.id}`, { token: member.token })).status).toBe(404);
    expect((await server.api('DELETE', '/api/users/api-keys/not-an-id', { token: member.token })).status).toBe(404);
    const stranger = await createMember(server.context.db, { tier: 'pro' });
    const theirs = await newKey(stranger.token);
    expect((await server.api('DELETE', `/api/users/api-keys/${theirs.id}`, { token: member.token })).status).toBe(404);
    // A key of the right shape that was never issued.
    const unknown = `sr_${'A'.repeat(43)}`;
    const neverIssued = await server.api('GET', '/api/signals', { token: unknown });
    expect(neverIssued.status).toBe(401);
    expect(neverIssued.body.message).toBe(ApiKeyMessages.invalid);
    // A key copied short is told so, not asked to log in.
    const short = await server.api('GET', '/api/signals', { token: key.secret.slice(0, 30) });
    expect(short).toMatchObject({ status: 401, body: { message: ApiKeyMessages.malformed } });

    const audit = await server.context.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'actor_email', 'after', 'before'])
      .where('actor_id', '=', member.user.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'api-key.create',
        target_type: 'api-key',
        target_id: key.id,
        actor_email: member.user.email,
      }),
      expect.objectContaining({ action: 'api-key.revoke', target_type: 'api-key', target_id: key.id }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(key.secret);
  });

  it(`holds at most ${API_KEY_MAX_PER_MEMBER} live keys per member, with a 400 on the name`, async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const keys: TCreatedApiKey[] = [];
    for (let i = 0; i < API_KEY_MAX_PER_MEMBER; i += 1) keys.push(await newKey(member.token, `Key ${i}`));
    const over = await createKey(member.token, 'One too many');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      success: false,
      message: ApiKeyMessages.limitReached,
      error: { code: 'validation_failed', fields: { name: ApiKeyMessages.limitReached } },
    });
    // A revoked key frees its place.
    await server.api('DELETE', `/api/users/api-keys/${keys[0]?.id}`, { token: member.token });
    expect((await createKey(member.token, 'Replacement')).status).toBe(201);
    const blank = await createKey(member.token, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.error?.fields).toEqual({ name: ApiKeyMessages.nameRequired });
  });

  it('gives each key its own rate limit, apart from the session and the member’s other keys', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const [first, second] = [await newKey(member.token, 'First'), await newKey(member.token, 'Second')];
    for (let i = 0; i < KEY_BUDGET; i += 1) {
      const answer = await server.api('GET', '/api/auth/me', { token: first.secret });
      expect(answer.status).toBe(200);
      // Every answer to a key carries its budget: the policy, and what is left of it now.
      expect(answer.headers.get('ratelimit-policy')).toBe(`"api-key";q=${KEY_BUDGET};w=60`);
      expect(answer.headers.get('ratelimit')).toMatch(new RegExp(`^"api-key";r=${KEY_BUDGET - 1 - i};t=\\d+$`));
    }
    const limited = await server.api('GET', '/api/auth/me', { token: first.secret });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited' });
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toBe(`"api-key";r=0;t=${wait}`);
    // A session's answers carry no key budget.
    const bySession = await server.api('GET', '/api/auth/me', { token: member.token });
    expect(bySession.headers.get('ratelimit')).toBeNull();
    expect((await server.api('GET', '/api/auth/me', { token: second.secret })).status).toBe(200);
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
  });

  it('lets only members with live access make keys, and stops a key when its member loses access', async () => {
    const trial = await createMember(server.context.db, { tier: 'guest' });
    expect((await createKey(trial.token)).status).toBe(403);
    expect((await server.api('POST', '/api/users/api-keys', { body: { name: 'x' } })).status).toBe(401);
    const member = await createMember(server.context.db, { tier: 'silver' });
    const key = await newKey(member.token);
    await server.context.db
      .updateTable('users')
      .set({ dashboard_unlocked: false })
      .where('id', '=', member.user.id)
      .execute();
    const refused = await server.api('GET', '/api/signals', { token: key.secret });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ApiKeyMessages.needsLiveAccess);
  });

  it('exports keys without secrets or hashes, and erasing the account deletes them', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const key = await newKey(member.token, 'Exported');
    await server.api('DELETE', `/api/users/api-keys/${(await newKey(member.token, 'Old')).id}`, {
      token: member.token,
    });
    const response = await fetch(`${server.url}/api/users/export`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text) as { apiKeys: Record<string, unknown>[] };
    expect(data.apiKeys).toEqual([
      expect.objectContaining({ name: 'Exported', prefix: key.prefix, revoked_at: null }),
      expect.objectContaining({ name: 'Old', revoked_at: expect.any(String) }),
    ]);
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain(hashSecret(key.secret));
    expect(text).not.toMatch(/secret_hash/);

    const deleted = await server.api('DELETE', '/api/users/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(200);
    const left = await server.context.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(left).toEqual([]);
    expect((await server.api('GET', '/api/auth/me', { token: key.secret })).status).toBe(401);
  });
});
