import { Messages, SettingsMessages, type TMemberSession } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWritableRows } from '../helpers/endpoints.js';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Settings' security part: password change, the sessions list and logging sessions out. */
describe('settings: password and sessions', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  async function socketOf(token: string): Promise<{ client: TestClient; dropped: Promise<string> }> {
    const client = await connectClient(server.url, token);
    clients.push(client);
    const dropped = new Promise<string>((resolve) => client.socket.on('disconnect', (reason) => resolve(reason)));
    return { client, dropped };
  }

  async function loginAs(email: string, password: string, userAgent: string): Promise<string> {
    const answer = await server.api<{ token: string }>('POST', '/api/auth/login', {
      body: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(answer.status).toBe(200);
    return answer.body.data?.token ?? '';
  }

  it('lists the live sessions with browser, system, address and which one is this one', async () => {
    const member = await createMember(server.context.db);
    const chrome = await loginAs(member.user.email, member.password, CHROME_UA);
    await loginAs(member.user.email, member.password, SAFARI_IPHONE_UA);
    const list = await server.api<TMemberSession[]>('GET', '/api/users/sessions', { token: chrome });
    expect(list.status).toBe(200);
    const sessions = list.body.data ?? [];
    // The factory's session (no client recorded) and the two logins.
    expect(sessions).toHaveLength(3);
    const current = sessions.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10', ip: '127.0.0.1' });
    expect(sessions.find((s) => s.os.startsWith('iOS'))).toMatchObject({ browser: 'Safari 17', current: false });
    expect(JSON.stringify(list.body)).not.toMatch(/token_hash|tokenHash/);
  });

  it('logs out one session live; another member’s session id is 404 and nothing is written', async () => {
    const member = await createMember(server.context.db);
    const stranger = await createMember(server.context.db);
    const other = await loginAs(member.user.email, member.password, CHROME_UA);
    const list = await server.api<TMemberSession[]>('GET', '/api/users/sessions', { token: member.token });
    const target = list.body.data?.find((s) => !s.current);
    expect(target).toBeDefined();

    const before = await countWritableRows(server);
    for (const id of [target?.id ?? '', 'not-an-id', '00000000-0000-0000-0000-000000000000']) {
      const refused = await server.api('DELETE', `/api/users/sessions/${id}`, { token: stranger.token });
      expect(refused.status, id).toBe(404);
      expect(refused.body.message).toBe(SettingsMessages.sessionNotFound);
    }
    expect(await countWritableRows(server)).toEqual(before);
    expect((await server.api('GET', '/api/auth/me', { token: other })).status).toBe(200);

    const { dropped } = await socketOf(other);
    // With an empty JSON body, as the web client sends every non-GET call.
    const out = await server.api('DELETE', `/api/users/sessions/${target?.id}`, { token: member.token, body: {} });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(SettingsMessages.sessionRevoked);
    expect(await dropped).toBe('io server disconnect');
    expect((await server.api('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
  });

  it('logs out everywhere else, keeping this session', async () => {
    const member = await createMember(server.context.db);
    const a = await loginAs(member.user.email, member.password, CHROME_UA);
    const b = await loginAs(member.user.email, member.password, SAFARI_IPHONE_UA);
    const { dropped } = await socketOf(b);
    const out = await server.api<{ revoked: number }>('POST', '/api/users/sessions/revoke-others', {
      token: a,
      body: {},
    });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ revoked: 2, revokedKeys: [] });
    expect(await dropped).toBe('io server disconnect');
    expect((await server.api('GET', '/api/auth/me', { token: b })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token: a })).status).toBe(200);
  });

  it('refuses a wrong current password and a weak new one, writing nothing', async () => {
    const member = await createMember(server.context.db);
    const before = await countWritableRows(server);
    const cases = [
      {
        body: { currentPassword: 'Wrong-pass1', newPassword: 'NewPassw0rd' },
        message: 'Current password is incorrect',
      },
      { body: { currentPassword: member.password, newPassword: 'short1A' }, message: Messages.signup.passwordTooShort },
      {
        body: { currentPassword: member.password, newPassword: 'alllowercase1' },
        message: Messages.signup.passwordWeak,
      },
      { body: { currentPassword: '', newPassword: 'NewPassw0rd' }, message: SettingsMessages.currentPasswordRequired },
      { body: { currentPassword: member.password }, message: Messages.signup.passwordRequired },
    ];
    for (const { body, message } of cases) {
      const answer = await server.api('POST', '/api/users/password', { token: member.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await countWritableRows(server)).toEqual(before);
    expect(await loginAs(member.user.email, member.password, CHROME_UA)).toBeTruthy();
  });

  it('changes the password: other sessions and their sockets end at once, a notice is mailed', async () => {
    const member = await createMember(server.context.db);
    const other = await loginAs(member.user.email, member.password, SAFARI_IPHONE_UA);
    const { dropped } = await socketOf(other);
    const { client: own } = await socketOf(member.token);
    const changed = await server.api('POST', '/api/users/password', {
      token: member.token,
      body: { currentPassword: member.password, newPassword: 'Fresh-Passw0rd' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(SettingsMessages.passwordChanged);
    expect(await dropped).toBe('io server disconnect');
    expect(own.socket.connected).toBe(true);
    expect((await server.api('GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await server.api('GET', '/api/auth/me', { token: member.token })).status).toBe(200);
    const notice = await server.smtp.waitFor(
      (mail) => mail.to.includes(member.user.email) && /password was changed/i.test(mail.subject),
    );
    expect(notice.text).toContain('/forgot-password');
    const old = await server.api('POST', '/api/auth/login', {
      body: { email: member.user.email, password: member.password },
    });
    expect(old.status).toBe(401);
    expect(await loginAs(member.user.email, 'Fresh-Passw0rd', CHROME_UA)).toBeTruthy();
  });

  it('limits password attempts per member', async () => {
    const member = await createMember(server.context.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await server.api('POST', '/api/users/password', {
        token: member.token,
        body: { currentPassword: `Wrong-pass${i}`, newPassword: 'NewPassw0rd' },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another member is not affected.
    const other = await createMember(server.context.db);
    const fine = await server.api('POST', '/api/users/password', {
      token: other.token,
      body: { currentPassword: 'Wrong-pass', newPassword: 'NewPassw0rd' },
    });
    expect(fine.status).toBe(400);
  });
});
