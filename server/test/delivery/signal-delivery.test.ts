import { DeliveryMessages, type TPushDevice, type TSignalDeliveries } from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { decryptPush, startTestPushService, type TestPushService } from '../helpers/push-endpoint.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';

const METRICS_TOKEN = 'scrape-token-0123456789';

// E-mail and Web Push of each issued signal, to the members the room would show it to in full.
describe('signal delivery by e-mail and Web Push', () => {
  let server: TestServer;
  let push: TestPushService;
  let adminToken: string;

  beforeAll(async () => {
    push = await startTestPushService();
    server = await startTestServer({
      SILVER_DAILY_LIMIT: '10',
      DELIVERY_ATTEMPTS: '3',
      DELIVERY_BACKOFF_MS: '50',
      // The local push service stands in for the browsers' ones (the only hosts Web Push may post to).
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      METRICS_TOKEN,
    });
    adminToken = (await createMember(server.context.db, { tier: 'gold', role: 'admin' })).token;
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  /** Issues a signal as the worker does: the row, then `signal:new` on the bus. */
  async function issueSignal(daySequence: number) {
    const row = await insertSignal(server.context.db, { slotStart: new Date(), daySequence, asset: 'GBP/JPY (OTC)' });
    const signal = presentSignal(row);
    await server.context.bus.publish({ type: 'signal:new', signal });
    return signal;
  }

  async function deliveries(signalId: string) {
    const answer = await server.api<TSignalDeliveries>('GET', `/api/admin/signals/${signalId}/deliveries`, {
      token: adminToken,
    });
    expect(answer.status).toBe(200);
    return answer.body.data as TSignalDeliveries;
  }

  /** Waits until no delivery of the signal is queued any more, then answers its log. */
  function settled(signalId: string, expectedRows: number) {
    return pollUntil(
      async () => {
        const log = await deliveries(signalId);
        const total = log.channels.reduce((sum, c) => sum + c.queued + c.sent + c.failed + c.skipped, 0);
        const queued = log.channels.reduce((sum, c) => sum + c.queued, 0);
        return total === expectedRows && queued === 0 ? log : undefined;
      },
      { timeoutMs: 15_000, message: `deliveries of ${signalId} did not settle` },
    );
  }

  it('mails the signal only to opted-in members entitled to it in full, with a one-click unsubscribe', async () => {
    const db = server.context.db;
    const gold = await createMember(db, { tier: 'gold', email: 'gold-reader@example.com' });
    const silver = await createMember(db, { tier: 'silver', email: 'silver-reader@example.com' });
    const optedOut = await createMember(db, { tier: 'gold', email: 'quiet-gold@example.com' });
    await createMember(db, { tier: 'guest', email: 'trial-guest@example.com' });
    const saved = await server.api('PUT', '/api/users/notifications', {
      token: optedOut.token,
      body: { signals: false, trades: true, marketing: false, security: true },
    });
    expect(saved.status).toBe(200);

    // Past silver's allowance of 10 a day: silver's room gets a locked teaser, so no delivery to silver.
    const signal = await issueSignal(11);
    const mail = await server.smtp.waitFor((m) => m.to.includes('gold-reader@example.com'), 15_000);
    expect(mail.subject).toBe('BUY GBP/JPY (OTC): CALL');
    expect(mail.text).toContain('CALL GBP/JPY (OTC) at 1.0845 (simulated market)');
    expect(mail.text).toContain('Confidence 70%');
    expect(mail.text).toContain('http://localhost:5173/dashboard/signals');
    const header = (name: string) =>
      mail.parsed.headerLines
        .find((h) => h.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = String(header('list-unsubscribe')).replace(/^<|>$/g, '');
    expect(unsubscribeUrl).toMatch(/^http:\/\/localhost:5173\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.text).toMatch(/Stop signal notifications: http:\/\/localhost:5173\/unsubscribe\?token=/);

    // The admin and the gold member: two mails; nobody else.
    const log = await settled(signal.id, 2);
    expect(log.channels.find((c) => c.channel === 'email')).toEqual({
      channel: 'email',
      queued: 0,
      sent: 2,
      failed: 0,
      skipped: 0,
    });
    const recipients = server.smtp.messages.filter((m) => m.subject === mail.subject).flatMap((m) => m.to);
    expect(recipients).not.toContain('silver-reader@example.com');
    expect(recipients).not.toContain('quiet-gold@example.com');
    expect(recipients).not.toContain('trial-guest@example.com');

    // What a mail client does with the header: POST the form body to the address.
    const posted = await fetch(unsubscribeUrl.replace('http://localhost:5173', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    const settings = await server.api<{ signals: boolean }>('GET', '/api/users/notifications', { token: gold.token });
    expect(settings.body.data?.signals).toBe(false);
    const forged = await server.api('POST', `/api/notifications/unsubscribe?token=${silver.user.id}.forged`);
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe(DeliveryMessages.unsubscribeInvalid);
  });

  it('pushes an encrypted payload the browser can read, retries a failing service, drops a gone subscription', async () => {
    const db = server.context.db;
    const member = await createMember(db, { tier: 'pro' });
    const key = await server.api<{ publicKey: string }>('GET', '/api/users/push/key', { token: member.token });
    expect(key.body.data?.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

    const phone = push.subscription('/ok/phone');
    const failing = push.subscription('/fail/laptop');
    const gone = push.subscription('/gone/tablet');
    const subscribe = (s: typeof phone, deviceName: string) =>
      server.api<TPushDevice>('POST', '/api/users/push/subscriptions', {
        token: member.token,
        body: { endpoint: s.endpoint, keys: s.keys, deviceName },
      });
    for (const [s, name] of [
      [phone, 'Phone'],
      [failing, 'Laptop'],
      [gone, 'Tablet'],
    ] as const) {
      expect((await subscribe(s, name)).status).toBe(201);
    }
    const refused = await server.api('POST', '/api/users/push/subscriptions', {
      token: member.token,
      body: { endpoint: 'http://127.0.0.1/plain', keys: phone.keys, deviceName: 'Plain' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DeliveryMessages.endpointInvalid);
    // An https address that is not a push service (an internal one here) is refused: no request goes out.
    const internal = await server.api('POST', '/api/users/push/subscriptions', {
      token: member.token,
      body: { endpoint: 'https://10.0.0.5/admin/reset', keys: phone.keys, deviceName: 'Internal' },
    });
    expect(internal.status).toBe(400);
    expect(internal.body.message).toBe(DeliveryMessages.pushServiceRefused);

    const signal = await issueSignal(1);
    const received = await pollUntil(() => push.requests.find((r) => r.path === '/ok/phone'), {
      timeoutMs: 15_000,
      message: 'no push reached the phone',
    });
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(String(received.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(JSON.parse(decryptPush(received.body, phone))).toEqual({
      title: 'BUY GBP/JPY (OTC): CALL',
      body: expect.stringContaining('Confidence 70%'),
      url: '/dashboard/signals',
      signalId: signal.id,
      // The track record entry and the signed checkpoint that covered it before it was sent.
      record: signal.record,
    });
    expect(signal.record?.checkpoint).toContain('\n\n\u2014 ');

    // Three mails (the admin, silver within its allowance now, the pro member; the first test's gold
    // members turned signals off) and three pushes: sent, failed after 3 tries, failed at once (410).
    const log = await settled(signal.id, 6);
    expect(log.channels.find((c) => c.channel === 'push')).toEqual({
      channel: 'push',
      queued: 0,
      sent: 1,
      failed: 2,
      skipped: 0,
    });
    expect(push.requests.filter((r) => r.path === '/fail/laptop')).toHaveLength(3);
    expect(push.requests.filter((r) => r.path === '/gone/tablet')).toHaveLength(1);
    const problems = log.problems.filter((p) => p.channel === 'push');
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attempts: 3, error: 'push service answered 500', status: 'failed' }),
        expect.objectContaining({ attempts: 1, error: 'push service answered 410: subscription removed' }),
      ]),
    );
    const devices = await server.api<TPushDevice[]>('GET', '/api/users/push/subscriptions', { token: member.token });
    expect(devices.body.data?.map((d) => d.deviceName).sort()).toEqual(['Laptop', 'Phone']);

    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await metrics.text();
    expect(text).toMatch(/signalroom_signal_deliveries_total\{channel="push",status="failed"\} 2/);
    expect(text).toMatch(/signalroom_signal_deliveries_total\{channel="email",status="sent"\} 5/);
  });

  it('exports the member’s devices and delivery log, and erases them with the membership', async () => {
    const db = server.context.db;
    const member = await createMember(db, { tier: 'gold' });
    const browser = push.subscription('/ok/export');
    await server.api('POST', '/api/users/push/subscriptions', {
      token: member.token,
      body: { endpoint: browser.endpoint, keys: browser.keys, deviceName: 'Work browser' },
    });
    const signal = await issueSignal(1);
    await pollUntil(() => push.requests.some((r) => r.path === '/ok/export'), {
      timeoutMs: 15_000,
      message: 'no push',
    });
    await pollUntil(
      async () => {
        const rows = await db
          .selectFrom('signal_deliveries')
          .select('status')
          .where('user_id', '=', member.user.id)
          .where('status', '=', 'sent')
          .execute();
        return rows.length === 2;
      },
      { timeoutMs: 15_000, message: 'the member’s e-mail and push were not both sent' },
    );
    const exported = await fetch(`${server.url}/api/users/export`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const data = (await exported.json()) as {
      signalDelivery: { pushDevices: unknown[]; deliveries: unknown[]; telegram: unknown };
    };
    expect(data.signalDelivery.pushDevices).toEqual([expect.objectContaining({ device_name: 'Work browser' })]);
    expect(JSON.stringify(data.signalDelivery)).not.toContain(browser.keys.auth);
    expect(data.signalDelivery.deliveries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ signal_id: signal.id, channel: 'email', status: 'sent' }),
        expect.objectContaining({ signal_id: signal.id, channel: 'push', status: 'sent' }),
      ]),
    );

    const deleted = await server.api('DELETE', '/api/users/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(200);
    for (const table of ['push_subscriptions', 'signal_deliveries'] as const) {
      const left = await db.selectFrom(table).select('user_id').where('user_id', '=', member.user.id).execute();
      expect(left, table).toEqual([]);
    }
  });

  it('says the Telegram channel is off without a bot token', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const status = await server.api('GET', '/api/users/telegram', { token: member.token });
    expect(status.body.data).toEqual({
      enabled: false,
      linked: false,
      username: null,
      linkedAt: null,
      botUsername: null,
    });
    const code = await server.api('POST', '/api/users/telegram/link-code', { token: member.token });
    expect(code.status).toBe(409);
    expect(code.body.message).toBe(DeliveryMessages.telegramOff);
  });
});
