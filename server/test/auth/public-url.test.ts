import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

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
});
