import { countdownAt, type TCountdown, type TSignalView, type TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import {
  barrierTick,
  connectClient,
  insertSignalRow,
  makeSignal,
  type TestClient,
  waitForBarrier,
} from './realtime-helpers.js';

const METRICS_TOKEN = 'scrape-token-0123456789';
/** A trial that ended a minute before the suite started. */
const ENDED = new Date(Date.now() - 60_000);

// Push access over a real socket.io connection, in the current shape (embedded or distributed).
describe('realtime push by access', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  let marker = 0;

  beforeAll(async () => {
    server = await startTestServer({ SILVER_DAILY_LIMIT: '10', METRICS_TOKEN });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  async function client(token?: string | null): Promise<TestClient> {
    const created = await connectClient(server.url, token);
    clients.push(created);
    return created;
  }

  /** Publishes events, then a barrier tick; once every client has the barrier, nothing else is in flight. */
  async function publishAndSettle(
    events: Parameters<TestServer['context']['bus']['publish']>[0][],
    audience: TestClient[],
  ) {
    for (const event of events) await server.context.bus.publish(event);
    marker += 1;
    const tick = barrierTick(marker);
    await server.context.bus.publish(tick);
    await Promise.all(audience.map((c) => waitForBarrier(c, tick)));
  }

  it('treats a bad token as anonymous: public room only, countdown but no signal', async () => {
    const anonymous = await client('not-a-real-token');
    const none = await client(null);
    for (const c of [anonymous, none]) {
      expect(c.snapshot.user).toBeNull();
      expect(c.snapshot.signals).toEqual([]);
      expect(c.snapshot.stats).toBeNull();
      expect(c.snapshot.countdown).toHaveProperty('ended');
    }
    const signal = makeSignal();
    await publishAndSettle([{ type: 'signal:new', signal }], [anonymous, none]);
    expect(anonymous.all('signal:new')).toEqual([]);
    expect(none.all('signal:new')).toEqual([]);
    expect(anonymous.all('countdown:tick').length).toBeGreaterThan(0);
  });

  it('gives guests, locked members and a silver member past the limit nothing they should not have', async () => {
    // Past their trial (a member in the trial gets the delayed view: realtime-trial.test.ts).
    const guest = await createMember(server.context.db, { tier: 'guest', trialEndsAt: ENDED });
    const unlockedGuest = await createMember(server.context.db, {
      tier: 'guest',
      dashboardUnlocked: true,
      trialEndsAt: ENDED,
    });
    const locked = await createMember(server.context.db, {
      tier: 'gold',
      dashboardUnlocked: false,
      trialEndsAt: ENDED,
    });
    const silver = await createMember(server.context.db, { tier: 'silver' });
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const [guestC, unlockedGuestC, lockedC, silverC, goldC] = await Promise.all(
      [guest, unlockedGuest, locked, silver, gold].map((m) => client(m.token)),
    );
    for (const c of [guestC, unlockedGuestC, lockedC]) {
      expect(c.snapshot.user).not.toBeNull();
      expect(c.snapshot.signals).toEqual([]);
      expect(c.snapshot.stats).toBeNull();
    }
    expect(goldC.snapshot.user?.id).toBe(gold.user.id);
    expect(goldC.snapshot.stats).not.toBeNull();

    const within = makeSignal({ daySequence: 10, asset: 'GBP/USD' });
    const past = makeSignal({ daySequence: 11, asset: 'XAU/USD' });
    const stats = { ...(goldC.snapshot.stats as NonNullable<typeof goldC.snapshot.stats>), totalSignals: 1 };
    await publishAndSettle(
      [
        { type: 'signal:new', signal: within },
        { type: 'signal:new', signal: past },
        { type: 'signal:update', signal: { ...past, status: 'closed', outcome: 'profit' } },
        { type: 'stats:update', stats },
      ],
      [guestC, unlockedGuestC, lockedC, silverC, goldC],
    );

    for (const c of [guestC, unlockedGuestC, lockedC]) {
      expect(c.all('signal:new')).toEqual([]);
      expect(c.all('signal:update')).toEqual([]);
      expect(c.all('stats:update')).toEqual([]);
    }
    const silverSignals = silverC.all('signal:new') as TSignalView[];
    expect(silverSignals).toHaveLength(2);
    expect(silverSignals[0]).toMatchObject({ id: within.id, locked: false, asset: 'GBP/USD' });
    // Past the day's allowance: a teaser that a signal exists, never its asset, direction or price.
    expect(silverSignals[1]).toEqual({
      id: past.id,
      createdAt: past.createdAt,
      expiresAt: past.expiresAt,
      daySequence: 11,
      locked: true,
    });
    expect(silverC.all('signal:update')).toEqual([expect.objectContaining({ id: past.id, locked: true })]);
    expect(JSON.stringify(silverC.received)).not.toContain('XAU/USD');
    expect(silverC.all('stats:update')).toHaveLength(1);

    const goldSignals = goldC.all('signal:new') as TSignalView[];
    expect(goldSignals.map((s) => [s.id, s.locked])).toEqual([
      [within.id, false],
      [past.id, false],
    ]);
    expect(goldC.all('signal:update')).toEqual([expect.objectContaining({ status: 'closed', outcome: 'profit' })]);
    expect(goldC.all('stats:update')).toEqual([stats]);
  });

  it('sends each member a snapshot of stored signals cut by their access', async () => {
    // Rows as the worker writes them: one within silver's allowance, one past it.
    const withinId = await insertSignalRow(server.context.db, 3);
    const pastId = await insertSignalRow(server.context.db, 11);
    const guest = await createMember(server.context.db, { tier: 'guest', trialEndsAt: ENDED });
    const locked = await createMember(server.context.db, { tier: 'pro', dashboardUnlocked: false, trialEndsAt: ENDED });
    const silver = await createMember(server.context.db, { tier: 'silver' });
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const [guestC, lockedC, silverC, goldC] = await Promise.all(
      [guest, locked, silver, gold].map((m) => client(m.token)),
    );

    for (const c of [guestC, lockedC]) expect(c.snapshot).toMatchObject({ signals: [], stats: null });
    const silverById = new Map(silverC.snapshot.signals.map((s) => [s.id, s]));
    expect(silverById.get(withinId)).toMatchObject({ locked: false, asset: 'GBP/USD' });
    expect(silverById.get(pastId)).toEqual(expect.objectContaining({ locked: true }));
    expect(silverById.get(pastId)).not.toHaveProperty('asset');
    const goldById = new Map(goldC.snapshot.signals.map((s) => [s.id, s]));
    expect(goldById.get(pastId)).toMatchObject({ locked: false, direction: 'PUT' });
    expect(goldC.snapshot.stats).toMatchObject({ empty: true, winRateFirstWindow: null, winRateWithMartingale: null });
    expect(goldC.snapshot.countdown.serverTime).toBeTruthy();
  });

  it('answers snapshot:request with an acknowledgement cut by current access', async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const goldC = await client(gold.token);
    const snapshot = await goldC.socket.timeout(3000).emitWithAck('snapshot:request');
    expect(snapshot.user?.id).toBe(gold.user.id);
    expect(snapshot.stats).not.toBeNull();
    const guest = await createMember(server.context.db, { tier: 'guest', trialEndsAt: ENDED });
    const guestC = await client(guest.token);
    const guestSnapshot = await guestC.socket.timeout(3000).emitWithAck('snapshot:request');
    expect(guestSnapshot).toMatchObject({ signals: [], stats: null });
  });

  it('moves rooms and sends account:update within a second when an admin changes access', async () => {
    const admin = await createMember(server.context.db, { tier: 'gold', role: 'admin' });
    const member = await createMember(server.context.db, { tier: 'gold', trialEndsAt: ENDED });
    const first = await client(member.token);
    const second = await client(member.token);
    const setAccess = (body: { tier: TUser['tier']; dashboardUnlocked: boolean; hasDeposited: boolean }) =>
      server.api('PATCH', `/api/admin/users/${member.user.id}/access`, { token: admin.token, body });

    // Revoke through the real admin API.
    const t0 = Date.now();
    const revoked = await setAccess({ tier: 'guest', dashboardUnlocked: false, hasDeposited: false });
    expect(revoked.status).toBe(200);
    const updates = await Promise.all(
      [first, second].map((c) => c.waitFor('account:update', (u: TUser) => !u.dashboardUnlocked, 1000)),
    );
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(updates[0]).toMatchObject({ id: member.user.id, tier: 'guest' });
    // A fresh snapshot replaces what the client showed: no signals, no statistics.
    const cleared = await first.waitFor('snapshot', (snap) => snap.user?.tier === 'guest', 1000);
    expect(cleared).toMatchObject({ signals: [], stats: null });

    await publishAndSettle([{ type: 'signal:new', signal: makeSignal() }], [first, second]);
    expect(first.all('signal:new')).toEqual([]);
    expect(second.all('signal:new')).toEqual([]);

    // Grant again at silver: the sockets join tier:silver and receive silver's view.
    await setAccess({ tier: 'silver', dashboardUnlocked: true, hasDeposited: true });
    await first.waitFor('account:update', (u: TUser) => u.dashboardUnlocked && u.tier === 'silver', 1000);
    const granted = await first.waitFor('snapshot', (snap) => snap.user?.tier === 'silver', 1000);
    expect(granted.stats).not.toBeNull();
    const late = makeSignal({ daySequence: 12 });
    await publishAndSettle([{ type: 'signal:new', signal: late }], [first]);
    expect(first.all('signal:new')).toEqual([expect.objectContaining({ id: late.id, locked: true })]);
  });

  it('pushes the gold view to an admin whose own tier is guest, and to a trial member made admin at once', async () => {
    // Both guests are within their trial (the factory's default): the admin still gets the live gold
    // room, never the trial's delayed one; the member gets the trial room, which never hears signal:new.
    const adminGuest = await createMember(server.context.db, { tier: 'guest', role: 'admin' });
    const granter = await createMember(server.context.db, { tier: 'gold', role: 'admin' });
    const member = await createMember(server.context.db, { tier: 'guest' });
    const [adminC, memberC] = await Promise.all([client(adminGuest.token), client(member.token)]);
    expect(adminC.snapshot.stats).not.toBeNull();
    expect(member.user.trialEndsAt).not.toBeNull();

    // Past silver's allowance of 10: only the gold room receives it in full.
    const late = makeSignal({ daySequence: 15, asset: 'NZD/USD' });
    await publishAndSettle([{ type: 'signal:new', signal: late }], [adminC, memberC]);
    expect(adminC.all('signal:new')).toEqual([
      expect.objectContaining({ id: late.id, locked: false, asset: 'NZD/USD' }),
    ]);
    expect(memberC.all('signal:new')).toEqual([]);

    // Made admin through the real API: the socket leaves the trial room for the gold room and gets a
    // fresh snapshot.
    const promoted = await server.api('POST', `/api/admin/users/${member.user.id}/role`, {
      token: granter.token,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    const snapshot = await memberC.waitFor('snapshot', (snap) => snap.user?.role === 'admin', 2000);
    expect(snapshot.stats).not.toBeNull();
    const next = makeSignal({ daySequence: 16 });
    await publishAndSettle([{ type: 'signal:new', signal: next }], [memberC]);
    expect(memberC.all('signal:new')).toEqual([expect.objectContaining({ id: next.id, locked: false })]);
  });

  it('disconnects the sockets of a session revoked by a password reset at once', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const c = await client(member.token);
    const disconnected = new Promise<string>((resolve) => c.socket.on('disconnect', (reason) => resolve(reason)));
    // What the reset does: revoke every session, then announce the account change.
    await server.context.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', member.user.id)
      .execute();
    await server.context.bus.publish({ type: 'account:changed', userId: member.user.id });
    expect(await disconnected).toBe('io server disconnect');
    // Reconnecting with the dead token yields an anonymous socket.
    const again = await client(member.token);
    expect(again.snapshot.user).toBeNull();
  });

  it('disconnects the socket of a logged-out session at once, and only that one', async () => {
    const member = await createMember(server.context.db, { tier: 'gold' });
    const login = await server.api<{ token: string }>('POST', '/api/auth/login', {
      body: { email: member.user.email, password: member.password },
    });
    expect(login.status).toBe(200);
    const otherDevice = await client(login.body.data?.token ?? '');
    const c = await client(member.token);
    const disconnected = new Promise<string>((resolve) => c.socket.on('disconnect', (reason) => resolve(reason)));
    const out = await server.api('POST', '/api/auth/logout', { token: member.token, body: {} });
    expect(out.status).toBe(200);
    // No sweep: logout announces the change, so the socket of that token is dropped at once.
    expect(await disconnected).toBe('io server disconnect');
    expect(otherDevice.socket.connected).toBe(true);
  });

  it('relays a changed countdown at once and an unchanged one only as a periodic resync', async () => {
    const c = await client(null);
    const deadline = new Date(Date.now() + 7_200_000);
    const tick = (now: Date) => ({ type: 'countdown:tick' as const, countdown: countdownAt(deadline, now) });
    for (let i = 0; i < 3; i += 1) await server.context.bus.publish(tick(new Date(Date.now() + i * 1000)));
    // An admin reset: a new deadline goes out immediately, even right after the previous tick.
    const moved = barrierTick(99_999);
    await server.context.bus.publish(moved);
    await waitForBarrier(c, moved);
    const same = c.all('countdown:tick').filter((t: TCountdown) => t.deadline === deadline.toISOString());
    expect(same).toHaveLength(1);
  });

  it('serves Prometheus metrics with sockets per room and events emitted', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-000000000' } });
    expect(wrong.status).toBe(401);
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const publicRoom = /signalroom_socket_connections\{room="public"\} (\d+)/.exec(text);
    const connected = clients.filter((c) => c.socket.connected).length;
    expect(Number(publicRoom?.[1])).toBe(connected);
    expect(text).toMatch(/signalroom_socket_events_emitted_total\{event="signal:new"\} \d+/);
    expect(text).toMatch(/signalroom_bus_event_delay_seconds_count\{type="countdown:tick"\} \d+/);
    expect(text).toContain('signalroom_process_cpu_seconds_total');
  });
});
