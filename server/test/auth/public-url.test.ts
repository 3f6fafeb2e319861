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
});
