import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { captureLog, type LogCapture } from '../helpers/log-capture.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** Request logs (as production writes them) never carry a secret from the query string. */
describe('request logs', () => {
  let server: TestServer;
  let log: LogCapture;
  beforeAll(async () => {
    log = captureLog();
    server = await startTestServer({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { logStream: log.stream });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('redact the token of /admin/queues?token= (even a pasted session token) and other secret parameters', async () => {
    const admin = await createMember(server.context.db, { role: 'admin', tier: 'gold' });
    await fetch(`${server.url}/admin/queues?token=${admin.token}`, { redirect: 'manual' });
    await fetch(`${server.url}/api/auth/verify-reset-token?token=reset-secret-42&code=ABCDEF1234&page=3`);

    const urls = log
      .lines()
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => Boolean(url));
    expect(urls).toContain('/admin/queues?token=[redacted]');
    expect(urls).toContain('/api/auth/verify-reset-token?token=[redacted]&code=[redacted]&page=3');
    const text = log.text();
    for (const secret of [admin.token, 'reset-secret-42', 'ABCDEF1234']) expect(text).not.toContain(secret);
  });
});
