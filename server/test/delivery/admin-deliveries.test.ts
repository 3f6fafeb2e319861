import { AdminQueryMessages, DeliveryMessages, type TDeliveredSignal } from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';

// The admins' overview of signal deliveries: recent delivered signals with counts per channel and state.
describe('admin delivery overview', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ DELIVERY_ATTEMPTS: '2', DELIVERY_BACKOFF_MS: '50' });
    adminToken = (await createMember(server.context.db, { tier: 'gold', role: 'admin', email: 'ops@example.com' }))
      .token;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function overview(query = '') {
    return server.api<TDeliveredSignal[]>('GET', `/api/admin/deliveries${query}`, { token: adminToken });
  }

  it('lists a signal mailed to the members with its counts per channel, and no signal never fanned out', async () => {
    const db = server.context.db;
    const empty = await overview();
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.message).toBe(DeliveryMessages.noDeliveredSignals);

    await createMember(db, { tier: 'gold', email: 'gold-overview@example.com' });
    // A signal stored but never published: no fan-out, so it has no place in the overview.
    await insertSignal(db, { slotStart: new Date(Date.now() - 3_600_000), daySequence: 1 });
    const row = await insertSignal(db, { slotStart: new Date(), daySequence: 2, asset: 'AUD/CAD (OTC)' });
    const signal = presentSignal(row);
    await server.context.bus.publish({ type: 'signal:new', signal });
    await server.smtp.waitFor((m) => m.to.includes('gold-overview@example.com'), 15_000);

    const listed = await pollUntil(
      async () => {
        const answer = await overview();
        const email = answer.body.data?.[0]?.channels.find((c) => c.channel === 'email');
        return email && email.queued === 0 && email.sent === 2 ? answer : undefined;
      },
      { timeoutMs: 15_000, message: 'the overview did not show the delivered mails' },
    );
    expect(listed.body.pagination).toEqual({ total: 1, pages: 1, current: 1 });
    expect(listed.body.data).toEqual([
      {
        signalId: signal.id,
        asset: 'AUD/CAD (OTC)',
        direction: 'CALL',
        issuedAt: new Date(row.created_at).toISOString(),
        channels: [
          { channel: 'email', queued: 0, sent: 2, failed: 0, skipped: 0 },
          { channel: 'push', queued: 0, sent: 0, failed: 0, skipped: 0 },
          { channel: 'telegram', queued: 0, sent: 0, failed: 0, skipped: 0 },
        ],
      },
    ]);

    // Past the last page: no rows, the total still told.
    const beyond = await overview('?page=2');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination).toEqual({ total: 1, pages: 1, current: 2 });
  });

  it('refuses a bad page with the envelope error', async () => {
    const answer = await overview('?page=0');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(AdminQueryMessages.page);
  });

  it('answers 401 without a session and 403 to a member who is not an admin', async () => {
    const anonymous = await server.api('GET', '/api/admin/deliveries');
    expect(anonymous.status).toBe(401);
    const member = await createMember(server.context.db, { tier: 'gold' });
    const refused = await server.api('GET', '/api/admin/deliveries', { token: member.token });
    expect(refused.status).toBe(403);
  });
});
