import { AuthMessages, Messages, SettingsMessages, type TNotificationSettings, type TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../auth/auth-helpers.js';
import { countWritableRows } from '../helpers/endpoints.js';
import { createMember } from '../helpers/factories.js';
import type { ReceivedMail } from '../helpers/smtp.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

function changeCodeFrom(mail: ReceivedMail): string {
  const match = /new email address is: ([A-Z0-9]{10})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}

/** Settings' profile, e-mail change and notification calls. */
describe('settings: profile, e-mail change, notifications', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saves phone, country and telegram by the sign-up rules', async () => {
    const member = await createMember(server.context.db);
    const saved = await server.api<TUser>('PUT', '/api/users/profile', {
      token: member.token,
      body: { fullName: 'Ada Obi', phone: '0803 555 1234', country: 'Nigeria', telegram: '@ada' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ fullName: 'Ada Obi', phone: '+2348035551234', telegram: '@ada' });

    const before = await countWritableRows(server);
    const cases = [
      { body: { phone: '12' }, message: Messages.signup.phoneInvalid },
      { body: { phone: '   ' }, message: Messages.signup.phoneRequired },
      { body: { country: 'Atlantis' }, message: Messages.signup.countryRequired },
      { body: { fullName: 'Al', phone: '0803 555 1234' }, message: Messages.signup.fullNameTooShort },
    ];
    for (const { body, message } of cases) {
      const answer = await server.api('PUT', '/api/users/profile', { token: member.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await countWritableRows(server)).toEqual(before);
    const me = await server.api<TUser>('GET', '/api/auth/me', { token: member.token });
    expect(me.body.data).toMatchObject({ fullName: 'Ada Obi', phone: '+2348035551234', country: 'Nigeria' });
  });

  it('changes the e-mail only once the new address confirms its code; the old address is told', async () => {
    const member = await createMember(server.context.db);
    const newEmail = uniqueEmail('moved');
    const asked = await server.api('POST', '/api/users/email-change', { token: member.token, body: { newEmail } });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(SettingsMessages.emailChangeSent);
    const mail = await server.smtp.waitFor((m) => m.to.includes(newEmail) && /new email/i.test(m.subject));
    const code = changeCodeFrom(mail);
    // Not applied yet.
    expect((await server.api<TUser>('GET', '/api/auth/me', { token: member.token })).body.data?.email).toBe(
      member.user.email,
    );
    // A resend to the same address within the cooldown is refused with the seconds to wait.
    const again = await server.api('POST', '/api/users/email-change', { token: member.token, body: { newEmail } });
    expect(again.status).toBe(429);

    const wrong = await server.api('POST', '/api/users/email-change/confirm', {
      token: member.token,
      body: { confirmationCode: code === 'AAAAAAAAAA' ? 'BBBBBBBBBB' : 'AAAAAAAAAA' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(Messages.confirmation.invalidCode);

    const done = await server.api<TUser>('POST', '/api/users/email-change/confirm', {
      token: member.token,
      body: { confirmationCode: code },
    });
    expect(done.status).toBe(200);
    expect(done.body.data?.email).toBe(newEmail);
    await server.smtp.waitFor((m) => m.to.includes(member.user.email) && /email address was changed/i.test(m.subject));
    const login = await server.api('POST', '/api/auth/login', { body: { email: newEmail, password: member.password } });
    expect(login.status).toBe(200);
  });

  it('refuses bad e-mail changes clearly', async () => {
    const member = await createMember(server.context.db);
    const taken = await createMember(server.context.db);
    const refusals = [
      { body: { newEmail: 'not-an-email' }, status: 400, message: Messages.signup.emailInvalid },
      { body: { newEmail: member.user.email.toUpperCase() }, status: 400, message: SettingsMessages.emailChangeSame },
      { body: { newEmail: taken.user.email }, status: 409, message: SettingsMessages.emailTaken },
    ];
    for (const { body, status, message } of refusals) {
      const answer = await server.api('POST', '/api/users/email-change', { token: member.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    const none = await server.api('POST', '/api/users/email-change/confirm', {
      token: member.token,
      body: { confirmationCode: 'ABCDEFGHJK' },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(SettingsMessages.emailChangeNoPending);
  });

  it('locks an e-mail change code after 5 wrong tries', async () => {
    const member = await createMember(server.context.db);
    const newEmail = uniqueEmail('locked');
    await server.api('POST', '/api/users/email-change', { token: member.token, body: { newEmail } });
    const code = changeCodeFrom(await server.smtp.waitFor((m) => m.to.includes(newEmail)));
    const wrong = code.startsWith('A') ? 'BBBBBBBBBB' : 'AAAAAAAAAA';
    const messages: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await server.api('POST', '/api/users/email-change/confirm', {
        token: member.token,
        body: { confirmationCode: i === 5 ? code : wrong },
      });
      messages.push(answer.body.message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(Messages.confirmation.invalidCode));
    expect(messages[4]).toBe(AuthMessages.codeTooManyAttempts);
    // Even the right code is refused now.
    expect(messages[5]).toBe(AuthMessages.codeTooManyAttempts);
  });

  it('limits e-mail change requests per member', async () => {
    const member = await createMember(server.context.db);
    const statuses: number[] = [];
    // A different address each time: the per-address resend cooldown never applies, only the member's limit.
    for (let i = 0; i < 11; i++) {
      const answer = await server.api('POST', '/api/users/email-change', {
        token: member.token,
        body: { newEmail: uniqueEmail(`limit${i}`) },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('answers the notification defaults, then the saved choices', async () => {
    const member = await createMember(server.context.db);
    const first = await server.api<TNotificationSettings>('GET', '/api/users/notifications', { token: member.token });
    expect(first.body.data).toEqual({ signals: true, trades: true, marketing: false, security: true });
    const choice = { signals: false, trades: true, marketing: true, security: true };
    const saved = await server.api('PUT', '/api/users/notifications', { token: member.token, body: choice });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(SettingsMessages.notificationsSaved);
    const read = await server.api('GET', '/api/users/notifications', { token: member.token });
    expect(read.body.data).toEqual(choice);

    const before = await countWritableRows(server);
    for (const body of [{ ...choice, signals: 'yes' }, { signals: true }, { ...choice, extra: true }]) {
      const refused = await server.api('PUT', '/api/users/notifications', { token: member.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect(await countWritableRows(server)).toEqual(before);
    const other = await createMember(server.context.db);
    const untouched = await server.api('GET', '/api/users/notifications', { token: other.token });
    expect(untouched.body.data).toEqual({ signals: true, trades: true, marketing: false, security: true });
  });
});
