import { silentLogger } from '@signalroom/shared-node';
import { type RunningSignalWorker, startSignalWorker } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShape } from './helpers/shape.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { pollUntil } from './helpers/wait-for.js';
import { engineFor } from './signals/signal-helpers.js';

type Health = { status: string; database: string; problems: string[]; queue: unknown };

/** A worker beside the server, as production runs one: without it the distributed shape has no scheduler. */
function startWorkerFor(server: TestServer): Promise<RunningSignalWorker> {
  return startSignalWorker({
    db: server.context.db,
    bus: server.context.bus,
    logger: silentLogger,
    timeZone: server.config.TIME_ZONE,
    intervalMs: server.config.SIGNAL_INTERVAL_MS,
    redis: server.context.redis,
    countdown: false,
  });
}

describe('health and envelope', () => {
  let server: TestServer;
  let worker: RunningSignalWorker | null = null;
  beforeAll(async () => {
    server = await startTestServer();
    if (testShape === 'distributed') worker = await startWorkerFor(server);
  });
  afterAll(async () => {
    await worker?.close();
    await server?.close();
  });

  it('reports the database as up', async () => {
    const { status, body } = await server.api<Health>('GET', '/api/health');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ status: 'ok', database: 'up', problems: [] });
  });

  it('answers liveness while the process runs', async () => {
    const { status, body } = await server.api<{ status: string }>('GET', '/api/health/live');
    expect(status).toBe(200);
    expect(body.data?.status).toBe('live');
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

describe('health when signals stop', () => {
  const INTERVAL = 1000;
  let server: TestServer;
  beforeAll(async () => {
    // No worker at all: nothing issues signals. Stale after one slot plus 1.5 s.
    server = await startTestServer({ SIGNAL_INTERVAL_MS: String(INTERVAL), SIGNAL_STALE_GRACE_MS: '1500' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is ok at first (counted from the process start), degraded once no signal came for a slot plus the grace, ok after one', async () => {
    const first = await server.api<Health>('GET', '/api/health');
    if (testShape === 'embedded') expect(first.status).toBe(200);
    const degraded = await pollUntil(
      async () => {
        const answer = await server.api<Health>('GET', '/api/health');
        return answer.body.data?.problems.some((p) => p.startsWith('no signal issued')) ? answer : undefined;
      },
      { timeoutMs: 10_000, message: 'health never reported the missing signals' },
    );
    expect(degraded.status).toBe(503);
    expect(degraded.body.data?.status).toBe('degraded');
    if (testShape === 'distributed') {
      expect(degraded.body.data?.problems).toContain('no signal job scheduler: is a worker running?');
      return;
    }
    // A signal for the current slot: fresh again.
    await engineFor(server, { now: () => new Date(), intervalMs: INTERVAL }).runSlot(
      new Date(Math.floor(Date.now() / INTERVAL) * INTERVAL),
    );
    const healthy = await server.api<Health>('GET', '/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body.data?.problems).toEqual([]);
  });
});
