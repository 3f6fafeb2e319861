import type { TSignalView } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { useServerPair } from '../helpers/server-pair.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { insertSignalRow, makeSignal } from '../realtime/realtime-helpers.js';

const LIST = '/api/signals?limit=10&sortOrder=desc';

/** One poll as the web app sends it: the ETag it holds, if any. */
async function poll(url: string, token: string, etag?: string | null) {
  const response = await fetch(`${url}${LIST}`, {
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });
  return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
}

describe('the signal list under the fallback polling', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await insertSignalRow(server.context.db, 1);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 304 while nothing changed, and the new list once a signal arrives', async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const silver = await createMember(server.context.db, { tier: 'silver' });
    const first = await poll(server.url, gold.token);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^".+"$/);
    const again = await poll(server.url, gold.token, first.etag);
    expect(again).toMatchObject({ status: 304, text: '' });
    // Another tier sees other views of the same signals: another validator.
    const silverFirst = await poll(server.url, silver.token);
    expect(silverFirst.etag).not.toBe(first.etag);
    expect((await poll(server.url, silver.token, first.etag)).status).toBe(200);

    const id = await insertSignalRow(server.context.db, 2);
    await server.context.bus.publish({ type: 'signal:new', signal: makeSignal({ id }) });
    const changed = await pollUntil(
      async () => {
        const answer = await poll(server.url, gold.token, first.etag);
        return answer.status === 200 && answer;
      },
      { timeoutMs: 3000, message: 'the list after a new signal' },
    );
    const ids = (JSON.parse(changed.text) as { data: TSignalView[] }).data.map((s) => s.id);
    expect(ids).toContain(id);
    expect(changed.etag).not.toBe(first.etag);
  });

  it('ends a polling session at once on logout, password change and revoked access', async () => {
    const leaving = await createMember(server.context.db, { tier: 'gold' });
    expect((await poll(server.url, leaving.token)).status).toBe(200);
    expect((await server.api('POST', '/api/auth/logout', { token: leaving.token })).status).toBe(200);
    expect((await poll(server.url, leaving.token)).status).toBe(401);

    const member = await createMember(server.context.db, { tier: 'pro' });
    const login = await server.api<{ token: string }>('POST', '/api/auth/login', {
      body: { email: member.user.email, password: member.password },
    });
    const otherDevice = login.body.data?.token as string;
    expect((await poll(server.url, otherDevice)).status).toBe(200);
    const changed = await server.api('POST', '/api/users/password', {
      token: member.token,
      body: { currentPassword: member.password, newPassword: 'An0therStr0ngPass' },
    });
    expect(changed.status).toBe(200);
    expect((await poll(server.url, otherDevice)).status).toBe(401);
    expect((await poll(server.url, member.token)).status).toBe(200);

    const admin = await createMember(server.context.db, { role: 'admin', tier: 'gold' });
    // Past the trial, so a revoked member has no delayed view to fall back on.
    const revoked = await createMember(server.context.db, { tier: 'gold', trialEndsAt: null });
    expect((await poll(server.url, revoked.token)).status).toBe(200);
    const patch = await server.api('PATCH', `/api/admin/users/${revoked.user.id}/access`, {
      token: admin.token,
      body: { tier: 'guest', dashboardUnlocked: false, hasDeposited: false },
    });
    expect(patch.status).toBe(200);
    expect((await poll(server.url, revoked.token)).status).toBe(403);
  });
});

describe.skipIf(testShape !== 'distributed')('polling sessions across two server processes', () => {
  const pair = useServerPair();

  it('a logout on one process ends the session cached by the other', async () => {
    const { a, b } = pair;
    const member = await createMember(a.context.db, { tier: 'gold' });
    expect((await poll(b.url, member.token)).status).toBe(200);
    const out = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    // The other process hears it on the bus (milliseconds), long before its cache would lapse.
    await pollUntil(async () => (await poll(b.url, member.token)).status === 401, {
      timeoutMs: 2000,
      message: 'the other process ends the session',
    });
  });
});
