import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// PGlite has no pool; the bounded wait for a connection is a PostgreSQL matter.
describe.skipIf(testShape !== 'distributed')('an exhausted database pool', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DB_POOL_MAX: '1', DB_CONNECTION_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 in the envelope instead of hanging, and recovers when a connection frees up', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the pool's only connection.
    const holding = server.context.db.connection().execute(async () => held);
    const started = Date.now();
    const { status, body } = await server.api('GET', '/api/stats/public');
    expect(status).toBe(503);
    expect(body).toMatchObject({ success: false, error: { code: 'unavailable' } });
    expect(Date.now() - started).toBeLessThan(5000);

    release();
    await holding;
    expect((await server.api('GET', '/api/stats/public')).status).toBe(200);
  });
});
