import type { TPerformanceStats, TSignal, TSignalView } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertPresentedSignal, slotStartAgo } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { barrierTick, connectClient, makeSignal, type TestClient, waitForBarrier } from './realtime-helpers.js';

// The trial's delayed view, enforced on REST and over a real socket.io client, in the current shape.
describe('trial: delayed signals', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  let closed: TSignal;
  let open: TSignal;
  let marker = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const now = new Date();
    // One signal whose primary window has closed, one whose window is still open (the next slot's, so
    // no slot boundary during the run can close it).
    closed = await insertPresentedSignal(server.context.db, { slotStart: slotStartAgo(now, 2), asset: 'GBP/USD' });
    open = await insertPresentedSignal(server.context.db, { slotStart: slotStartAgo(now, -1), asset: 'XAU/USD' });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
  });

  async function client(token: string): Promise<TestClient> {
    const created = await connectClient(server.url, token);
    clients.push(created);
    return created;
  }

  async function settle(audience: TestClient[]): Promise<void> {
    marker += 1;
    const tick = barrierTick(marker);
    await server.context.bus.publish(tick);
    await Promise.all(audience.map((c) => waitForBarrier(c, tick)));
  }

  const list = (token: string) => server.api<TSignalView[]>('GET', '/api/signals?limit=10', { token });
  const stats = (token: string) => server.api<TPerformanceStats>('GET', '/api/signals/stats/performance', { token });

  it('REST: a guest in the trial gets only signals whose primary window closed, in full', async () => {
    const trial = await createMember(server.context.db, { tier: 'guest' });
    const { status, body } = await list(trial.token);
    expect(status).toBe(200);
    expect((body.data ?? []).map((s) => s.id)).toEqual([closed.id]);
    expect(body.data?.[0]).toMatchObject({ locked: false, asset: 'GBP/USD', direction: 'CALL' });
    expect(JSON.stringify(body.data)).not.toContain('XAU/USD');
    expect((await stats(trial.token)).status).toBe(200);
    // A live member sees both.
    const gold = await createMember(server.context.db, { tier: 'gold' });
    expect(((await list(gold.token)).body.data ?? []).map((s) => s.id)).toEqual([open.id, closed.id]);
  });

  it('REST and socket: an admin within a trial of their own is never in the trial: live gold view, signal:new', async () => {
    const admin = await createMember(server.context.db, {
      tier: 'guest',
      role: 'admin',
      trialEndsAt: new Date(Date.now() + 60 * 60_000),
    });
    // REST: the still-open signal too, in full.
    const { status, body } = await list(admin.token);
    expect(status).toBe(200);
    expect((body.data ?? []).map((s) => s.id)).toEqual([open.id, closed.id]);
    expect(body.data?.every((s) => !s.locked)).toBe(true);
    // Socket: the snapshot holds the open signal, and a new signal arrives at once as signal:new.
    const c = await client(admin.token);
    expect(c.snapshot.signals.map((s) => s.id)).toEqual([open.id, closed.id]);
    const fresh = makeSignal({ asset: 'EUR/GBP', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await server.context.bus.publish({ type: 'signal:new', signal: fresh });
    await settle([c]);
    expect(c.all('signal:new').map((s: TSignal) => s.id)).toEqual([fresh.id]);
  });

  it('REST: the trial ends at trialEndsAt, and after it nothing is served', async () => {
    const expired = await createMember(server.context.db, { tier: 'guest', trialEndsAt: new Date(Date.now() - 1000) });
    expect((await list(expired.token)).status).toBe(403);
    expect((await stats(expired.token)).status).toBe(403);

    const ending = new Date(Date.now() + 1500);
    const member = await createMember(server.context.db, { tier: 'guest', trialEndsAt: ending });
    expect((await list(member.token)).status).toBe(200);
    // Move the server's clock just past the trial's end instead of waiting for it.
    const realNow = server.context.now;
    server.context.now = () => new Date(ending.getTime() + 1);
    try {
      const after = await list(member.token);
      expect(after.status).toBe(403);
      expect(after.body).toMatchObject({ success: false, data: null, error: { code: 'forbidden' } });
    } finally {
      server.context.now = realNow;
    }
  });

  it('socket: the snapshot of a trial guest holds closed windows only; an ended trial gets nothing', async () => {
    const trial = await client((await createMember(server.context.db, { tier: 'guest' })).token);
    expect(trial.snapshot.signals.map((s) => s.id)).toEqual([closed.id]);
    expect(trial.snapshot.stats).not.toBeNull();
    const expired = await client(
      (await createMember(server.context.db, { tier: 'guest', trialEndsAt: new Date(Date.now() - 1000) })).token,
    );
    expect(expired.snapshot).toMatchObject({ signals: [], stats: null });
  });

  it('socket: a trial guest never receives a signal before its window closed, never signal:new', async () => {
    const trial = await client((await createMember(server.context.db, { tier: 'guest' })).token);
    const expired = await client(
      (await createMember(server.context.db, { tier: 'guest', trialEndsAt: new Date(Date.now() - 1000) })).token,
    );
    const gold = await client((await createMember(server.context.db, { tier: 'gold' })).token);

    const expiresAt = Date.now() + 1500;
    const live = makeSignal({ asset: 'USD/JPY', expiresAt: new Date(expiresAt).toISOString() });
    await server.context.bus.publish({ type: 'signal:new', signal: live });
    // An update while the window is open (the worker would not send one; a late or early clock might).
    await server.context.bus.publish({ type: 'signal:update', signal: { ...live, analysis: 'second version' } });
    await settle([trial, expired, gold]);
    expect(gold.all('signal:new').map((s: TSignal) => s.id)).toEqual([live.id]);
    expect(trial.all('signal:update')).toEqual([]);

    // At the close of the window it arrives, as an update, in its latest version.
    const delivered = await trial.waitFor('signal:update', (s: TSignal) => s.id === live.id, 5000);
    expect(delivered).toMatchObject({ id: live.id, analysis: 'second version', locked: false });
    const arrival = trial.received.find((r) => r.event === 'signal:update');
    expect(arrival?.at).toBeGreaterThanOrEqual(expiresAt);

    // Its result, once the window has closed, reaches the trial at once; statistics too.
    const resolved = { ...live, status: 'closed' as const, outcome: 'profit' as const, resolvedLevel: 0 };
    await server.context.bus.publish({ type: 'signal:update', signal: resolved });
    await server.context.bus.publish({ type: 'stats:update', stats: gold.snapshot.stats as TPerformanceStats });
    await settle([trial, expired]);
    expect(trial.all('signal:update').map((s: TSignal) => s.outcome)).toEqual([null, 'profit']);
    expect(trial.all('stats:update')).toHaveLength(1);
    expect(trial.all('signal:new')).toEqual([]);

    // The guest whose trial ended received nothing of it.
    for (const event of ['signal:new', 'signal:update', 'stats:update'] as const)
      expect(expired.all(event)).toEqual([]);
    expect(JSON.stringify(expired.received)).not.toContain('USD/JPY');
  });

  it('socket: when the trial ends while connected, the member leaves the room at once and gets an empty snapshot', async () => {
    const ending = new Date(Date.now() + 1200);
    const member = await createMember(server.context.db, { tier: 'guest', trialEndsAt: ending });
    const c = await client(member.token);
    expect(c.snapshot.stats).not.toBeNull();
    const emptied = await c.waitFor('snapshot', (s) => s.stats === null, 5000);
    expect(emptied.signals).toEqual([]);
    expect(Date.now()).toBeGreaterThanOrEqual(ending.getTime());

    const late = makeSignal({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await server.context.bus.publish({ type: 'signal:update', signal: late });
    await server.context.bus.publish({ type: 'stats:update', stats: c.snapshot.stats as TPerformanceStats });
    await settle([c]);
    expect(c.all('signal:update')).toEqual([]);
    expect(c.all('stats:update')).toEqual([]);
  });
});
