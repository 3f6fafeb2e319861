import { silentLogger } from '@signalroom/shared-node';
import { type RunningSignalWorker, startSignalWorker } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, slots } from './signal-helpers.js';

describe(`operations: health and the queue dashboard (${testShape})`, () => {
  let server: TestServer;
  let admin: string;
  let member: string;
  let worker: RunningSignalWorker | null = null;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await createMember(server.context.db, { role: 'admin', tier: 'gold' })).token;
    member = (await createMember(server.context.db, { tier: 'gold' })).token;
    if (testShape === 'distributed') {
      // A worker registers the queue's job scheduler, as in production.
      worker = await startSignalWorker({
        db: server.context.db,
        bus: server.context.bus,
        logger: silentLogger,
        timeZone: server.config.TIME_ZONE,
        redis: server.context.redis,
        countdown: false,
      });
    }
  });
  afterAll(async () => {
    await worker?.close();
    await server?.close();
  });

  const board = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

  it('reports the last signal time, null before the first', async () => {
    const before = await server.api<{ lastSignalAt: string | null }>('GET', '/api/health');
    expect(before.body.data?.lastSignalAt).toBeNull();
    const [slot] = slots('2026-11-14T09:00:00Z', 1) as [Date];
    await engineFor(server).runSlot(slot);
    const after = await server.api<{ lastSignalAt: string | null; queue: unknown }>('GET', '/api/health');
    expect(after.status).toBe(200);
    expect(after.body.data?.lastSignalAt).toBe(slot.toISOString());
    if (testShape === 'distributed') expect(after.body.data?.queue).toMatchObject({ status: 'up', schedulers: 1 });
    else expect(after.body.data?.queue).toBe('embedded');
  });

  it.runIf(testShape === 'embedded')('has no queue dashboard without Redis', async () => {
    const r = await board(`/admin/queues?token=${admin}`);
    expect(r.status).toBe(404);
  });

  it.runIf(testShape === 'distributed')('keeps the queue dashboard for admins', async () => {
    expect((await board('/admin/queues')).status).toBe(401);
    expect((await board(`/admin/queues?token=${member}`)).status).toBe(403);
    expect((await board('/admin/queues', { authorization: `Bearer ${member}` })).status).toBe(403);

    // The admin opens it once with the token; it moves into a cookie scoped to the dashboard.
    const signIn = await board(`/admin/queues?token=${admin}`);
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/admin/queues');
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/admin\/queues/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // Served over http here (PUBLIC_URL http://localhost:5173): a Secure cookie would never come back.
    expect(cookie).not.toMatch(/Secure/);
    const pair = cookie.split(';')[0] as string;

    const page = await board('/admin/queues', { cookie: pair });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const api = await board('/admin/queues/api/queues', { cookie: pair });
    expect(api.status).toBe(200);
    const json = (await api.json()) as { queues: { name: string }[] };
    expect(json.queues.map((q) => q.name)).toContain('signals');

    // Logging out closes the dashboard too: the cookie is checked against the live session.
    await server.context.db.updateTable('sessions').set({ revoked_at: new Date() }).execute();
    expect((await board('/admin/queues/api/queues', { cookie: pair })).status).toBe(401);
  });

  it.runIf(testShape === 'distributed')(
    'marks the dashboard cookie Secure whenever PUBLIC_URL is https, in any case',
    async () => {
      for (const publicUrl of ['https://signals.example.com', 'HTTPS://Signals.Example.com']) {
        const https = await startTestServer({ PUBLIC_URL: publicUrl });
        try {
          const owner = await createMember(https.context.db, { role: 'admin', tier: 'gold' });
          const signIn = await fetch(`${https.url}/admin/queues?token=${owner.token}`, { redirect: 'manual' });
          expect(signIn.status, publicUrl).toBe(303);
          expect(signIn.headers.get('set-cookie'), publicUrl).toMatch(/; Secure$/);
        } finally {
          await https.close();
        }
      }
    },
  );
});
