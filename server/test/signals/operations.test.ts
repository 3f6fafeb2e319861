import { QUEUE_BOARD_PASS_TTL_MS, type TQueueBoardPass } from '@signalroom/shared';
import { silentLogger } from '@signalroom/shared-node';
import { type RunningSignalWorker, startSignalWorker } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_COOKIE } from '../../src/ops/queues/queues.auth.js';
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

  const issuePass = (token: string) => server.api<TQueueBoardPass>('POST', '/api/admin/queue-board/pass', { token });

  it.runIf(testShape === 'embedded')('has no queue dashboard without Redis', async () => {
    const r = await board(`/admin/queues?token=${admin}`);
    expect(r.status).toBe(404);
    const pass = await issuePass(admin);
    expect(pass.status).toBe(404);
    expect(pass.body.message).toBe('This deployment has no job queue, so no queue dashboard.');
  });

  it.runIf(testShape === 'distributed')(
    'opens the queue dashboard with a short-lived pass, never a session token',
    async () => {
      expect((await board('/admin/queues')).status).toBe(401);
      // Only an admin's session gets a pass.
      expect((await issuePass(member)).status).toBe(403);
      expect((await server.api('POST', '/api/admin/queue-board/pass')).status).toBe(401);

      // The session token opens nothing, in the address, the cookie or a header.
      for (const token of [admin, member]) {
        expect((await board(`/admin/queues?token=${token}`)).status).toBe(401);
        expect((await board('/admin/queues', { cookie: `${BOARD_COOKIE}=${token}` })).status).toBe(401);
        expect((await board('/admin/queues/api/queues', { authorization: `Bearer ${token}` })).status).toBe(401);
      }

      const issued = await issuePass(admin);
      expect(issued.status).toBe(201);
      const { url, expiresAt } = issued.body.data!;
      expect(url).toMatch(/^\/admin\/queues\?token=[\w-]{20,}$/);
      expect(url).not.toContain(admin);
      const lifetime = new Date(expiresAt).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(QUEUE_BOARD_PASS_TTL_MS - 60_000);
      expect(lifetime).toBeLessThanOrEqual(QUEUE_BOARD_PASS_TTL_MS);
      // Only the pass's hash is stored.
      const stored = await server.context.db.selectFrom('queue_board_passes').select('token_hash').execute();
      const pass = new URL(url, server.url).searchParams.get('token') ?? '';
      expect(stored.map((row) => row.token_hash)).not.toContain(pass);

      // The admin's browser opens it once; the pass moves into a cookie scoped to the dashboard.
      const signIn = await board(url);
      expect(signIn.status).toBe(303);
      expect(signIn.headers.get('location')).toBe('/admin/queues');
      const cookie = signIn.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Path=\/admin\/queues/);
      expect(cookie).toMatch(/SameSite=Strict/);
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(QUEUE_BOARD_PASS_TTL_MS / 1000);
      expect(cookie).not.toContain(admin);
      expect(cookie).not.toContain(encodeURIComponent(admin));
      // Served over http here (PUBLIC_URL http://localhost:5173): a Secure cookie would never come back.
      expect(cookie).not.toMatch(/Secure/);
      const pair = cookie.split(';')[0] as string;
      expect(pair).toBe(`${BOARD_COOKIE}=${encodeURIComponent(pass)}`);

      const page = await board('/admin/queues', { cookie: pair });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const api = await board('/admin/queues/api/queues', { cookie: pair });
      expect(api.status).toBe(200);
      const json = (await api.json()) as { queues: { name: string }[] };
      expect(json.queues.map((q) => q.name)).toContain('signals');

      // Past its ten minutes, by the server's clock, the pass opens nothing.
      const realNow = server.context.now;
      const later = new Date(new Date(expiresAt).getTime() + 1000);
      server.context.now = () => later;
      try {
        expect((await board('/admin/queues/api/queues', { cookie: pair })).status).toBe(401);
        expect((await board(url)).status).toBe(401);
      } finally {
        server.context.now = realNow;
      }
      expect((await board('/admin/queues/api/queues', { cookie: pair })).status).toBe(200);

      // Logging out ends the session's passes too.
      await server.context.db.updateTable('sessions').set({ revoked_at: new Date() }).execute();
      expect((await board('/admin/queues/api/queues', { cookie: pair })).status).toBe(401);
    },
  );

  it.runIf(testShape === 'distributed')(
    'marks the dashboard cookie Secure whenever PUBLIC_URL is https, in any case',
    async () => {
      for (const publicUrl of ['https://signals.example.com', 'HTTPS://Signals.Example.com']) {
        const https = await startTestServer({ PUBLIC_URL: publicUrl });
        try {
          const owner = await createMember(https.context.db, { role: 'admin', tier: 'gold' });
          const issued = await https.api<TQueueBoardPass>('POST', '/api/admin/queue-board/pass', {
            token: owner.token,
          });
          const signIn = await fetch(`${https.url}${issued.body.data?.url}`, { redirect: 'manual' });
          expect(signIn.status, publicUrl).toBe(303);
          expect(signIn.headers.get('set-cookie'), publicUrl).toMatch(/; Secure$/);
        } finally {
          await https.close();
        }
      }
    },
  );
});
