import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { codeFrom, registration } from './auth-helpers.js';

// Without PUBLIC_URL, links in e-mails name the address the server really listens on.
describe('e-mail links without PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    // PORT 0: the system picks a free port, so a link that said localhost:3000 would be wrong.
    server = await startTestServer({ PUBLIC_URL: '' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('uses the listening port in the reset link', async () => {
    expect(server.config.PUBLIC_URL).toBeUndefined();
    const member = await createMember(server.context.db, { tier: 'silver' });
    const answer = await server.api('POST', '/api/auth/forgot-password', { body: { email: member.user.email } });
    expect(answer.status).toBe(200);
    const mail = await server.smtp.waitFor((m) => m.to.includes(member.user.email));
    const port = new URL(server.url).port;
    expect(port).not.toBe('3000');
    expect(mail.text).toContain(`http://localhost:${port}/reset-password?token=`);
    expect(mail.text).not.toContain('localhost:3000');
  });

  it('uses the origin the member’s browser used when it is one of this server’s', async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const port = new URL(server.url).port;
    const origin = `http://127.0.0.1:${port}`;
    const answer = await server.api('POST', '/api/auth/forgot-password', {
      body: { email: member.user.email },
      headers: { origin },
    });
    expect(answer.status).toBe(200);
    const mail = await server.smtp.waitFor((m) => m.to.includes(member.user.email));
    expect(mail.text).toContain(`${origin}/reset-password?token=`);
  });

  it('never writes a link to an origin this server does not serve', async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const answer = await server.api('POST', '/api/auth/forgot-password', {
      body: { email: member.user.email },
      headers: { origin: 'https://evil.example.com' },
    });
    expect(answer.status).toBe(200);
    const mail = await server.smtp.waitFor((m) => m.to.includes(member.user.email));
    expect(mail.text).not.toContain('evil.example.com');
    expect(mail.text).toContain(`http://localhost:${new URL(server.url).port}/reset-password?token=`);
  });

  // Every other mail sent in answer to a member's request follows the same rule as the reset link.
  describe('the other mails sent from a request', () => {
    const ownOrigin = () => `http://127.0.0.1:${new URL(server.url).port}`;
    const listening = () => `http://localhost:${new URL(server.url).port}`;
    const mailTo = (email: string, subject: RegExp) =>
      server.smtp.waitFor((m) => m.to.includes(email) && subject.test(m.subject));

    it('links the welcome mail to the origin the new member signed up from', async () => {
      const input = registration();
      const headers = { origin: ownOrigin() };
      expect((await server.api('POST', '/api/auth/register', { body: input, headers })).status).toBe(201);
      const code = codeFrom(await mailTo(input.email, /confirmation code/i));
      const confirmed = await server.api('POST', '/api/auth/confirm-code', {
        body: { email: input.email, confirmationCode: code },
        headers,
      });
      expect(confirmed.status).toBe(200);
      const welcome = await mailTo(input.email, /welcome/i);
      expect(welcome.text).toContain(`${ownOrigin()}/dashboard`);
      expect(welcome.html).toContain(`href="${ownOrigin()}/dashboard`);
      expect(welcome.text).not.toContain(listening());
    });

    it('links the sign-up attempt mail to the origin the attempt came from, never to a stranger’s', async () => {
      const member = await createMember(server.context.db, { tier: 'silver' });
      const again = registration({ email: member.user.email });
      const answer = await server.api('POST', '/api/auth/register', {
        body: again,
        headers: { origin: ownOrigin() },
      });
      expect(answer.status).toBe(201);
      const mail = await mailTo(member.user.email, /tried to sign up/i);
      expect(mail.text).toContain(`${ownOrigin()}/login`);
      expect(mail.text).toContain(`${ownOrigin()}/forgot-password`);

      const other = await createMember(server.context.db, { tier: 'silver' });
      await server.api('POST', '/api/auth/register', {
        body: registration({ email: other.user.email }),
        headers: { origin: 'https://evil.example.com' },
      });
      const refused = await mailTo(other.user.email, /tried to sign up/i);
      expect(refused.text).not.toContain('evil.example.com');
      expect(refused.text).toContain(`${listening()}/login`);
    });

    it('links the activation mail to the origin the member asked from', async () => {
      const member = await createMember(server.context.db);
      const answer = await server.api('POST', '/api/auth/send-activation-email', {
        token: member.token,
        body: {},
        headers: { origin: ownOrigin() },
      });
      expect(answer.status).toBe(200);
      const mail = await mailTo(member.user.email, /.*/);
      expect(mail.text).toContain(`${ownOrigin()}/dashboard/account-setup?step=3`);
      expect(mail.text).not.toContain(listening());
    });

    it('links the password-changed and e-mail change mails to the origin of the settings page', async () => {
      const member = await createMember(server.context.db);
      const headers = { origin: ownOrigin() };
      const changed = await server.api('POST', '/api/users/password', {
        token: member.token,
        body: { currentPassword: member.password, newPassword: 'Fresh-Passw0rd' },
        headers,
      });
      expect(changed.status).toBe(200);
      const notice = await mailTo(member.user.email, /password was changed/i);
      expect(notice.text).toContain(`${ownOrigin()}/forgot-password`);

      const newEmail = `moved-${Date.now().toString(36)}@example.com`;
      const asked = await server.api('POST', '/api/users/email-change', {
        token: member.token,
        body: { newEmail },
        headers,
      });
      expect(asked.status).toBe(200);
      const codeMail = await mailTo(newEmail, /new email/i);
      expect(codeMail.text).toContain(`${ownOrigin()}/dashboard/settings`);
      expect(codeMail.html).toContain(`href="${ownOrigin()}/dashboard/settings"`);
      expect(codeMail.text).not.toContain(listening());
    });
  });
});
