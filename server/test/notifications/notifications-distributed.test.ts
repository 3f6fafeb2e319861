import type { TNotification, TNotificationsPage } from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { createMember } from '../helpers/factories.js';
import { useServerPair } from '../helpers/server-pair.js';
import { testShape } from '../helpers/shape.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';

async function call<T>(server: RunningServer, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: T } };
}

describe.skipIf(testShape !== 'distributed')('notifications across two server processes', () => {
  // Mail on: a signal is delivered (and so noticed) by e-mail to every entitled member.
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const pair = useServerPair(() => ({ SMTP_URL: smtp.url }));

  it("a reply written on one process reaches the member's socket on the other, and so does reading it", async () => {
    const { a, b } = pair;
    const member = await createMember(a.context.db, { fullName: 'Pat Pair' });
    const admin = await createMember(a.context.db, { role: 'admin' });
    const onB = await pair.connect(b, member.token);
    const secondTab = await pair.connect(a, member.token);

    const ticket = await call<{ id: string }>(a, 'POST', '/api/support/tickets', member.token, {
      category: 'technical',
      subject: 'Across processes',
      message: 'Does the reply reach my other tab?',
    });
    expect(ticket.status).toBe(201);
    const reply = await call(a, 'POST', `/api/admin/support/tickets/${ticket.body.data.id}/messages`, admin.token, {
      message: 'It does, from the other process.',
    });
    expect(reply.status).toBe(201);

    const pushed: TNotification = await onB.waitFor(
      'notification:new',
      (n: TNotification) => n.kind === 'support-reply',
    );
    await secondTab.waitFor('notification:new', (n: TNotification) => n.id === pushed.id);
    // Each socket hears it once, from its own process.
    expect(onB.all('notification:new')).toHaveLength(1);

    const read = await call<{ unreadCount: number }>(b, 'POST', `/api/notifications/${pushed.id}/read`, member.token);
    expect(read.body.data.unreadCount).toBe(0);
    expect(await secondTab.waitFor('notification:read')).toEqual({ ids: [pushed.id] });
  });

  it("a delivered signal's notices reach members on either process, each from its own process", async () => {
    const { a, b } = pair;
    const onA = await createMember(a.context.db, { tier: 'gold' });
    const onB = await createMember(a.context.db, { tier: 'pro' });
    const clientA = await pair.connect(a, onA.token);
    const clientB = await pair.connect(b, onB.token);

    const row = await insertSignal(a.context.db, { slotStart: new Date(), daySequence: 1, asset: 'NZD/USD (OTC)' });
    await a.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
    const isThis = (n: TNotification) => n.kind === 'signal' && (n.data as { signalId: string }).signalId === row.id;
    const [seenA, seenB] = await Promise.all([
      clientA.waitFor('notification:new', isThis, 15_000),
      clientB.waitFor('notification:new', isThis, 15_000),
    ]);
    expect(seenA.id).not.toBe(seenB.id);
    const listed = await call<TNotificationsPage>(b, 'GET', '/api/notifications', onB.token);
    expect(listed.body.data.items.map((n) => n.id)).toContain(seenB.id);
    expect(clientA.all('notification:new').filter(isThis)).toHaveLength(1);
  });
});
