import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

describe('health and envelope', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reports the database as up', async () => {
    const { status, body } = await server.api<{ database: string }>('GET', '/api/health');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data?.database).toBe('up');
  });

  it('answers unknown API routes with 404 in the envelope', async () => {
    const { status, body } = await server.api('GET', '/api/does-not-exist');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, data: null, error: { code: 'not_found' } });
    expect(typeof body.timestamp).toBe('string');
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const { status, body } = await server.api('POST', '/api/health', { rawBody: '{not json' });
    expect(status).toBe(400);
    expect(body.error?.code).toBe('validation_failed');
  });
});
