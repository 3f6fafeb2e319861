import { type TCountdown, type TCountdownConfig, ZCountdown, ZCountdownConfig } from '@signalroom/shared';
import { silentLogger } from '@signalroom/shared-node';
import { startCountdownTicker } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { type BusRecorder, recordBus } from '../signals/signal-helpers.js';

const HOUR = 3_600_000;

describe('offer countdown', () => {
  let server: TestServer;
  let admin: { token: string; id: string };
  let member: string;
  let bus: BusRecorder;
  let ticker: ReturnType<typeof startCountdownTicker>;
  const startedAt = Date.now();

  beforeAll(async () => {
    server = await startTestServer();
    const a = await createMember(server.context.db, { role: 'admin', tier: 'gold' });
    admin = { token: a.token, id: a.user.id };
    member = (await createMember(server.context.db, { tier: 'gold' })).token;
    bus = await recordBus(server.context.bus);
  });
  afterAll(async () => {
    ticker?.stop();
    bus?.stop();
    await server?.close();
  });

  const get = () => server.api<TCountdown>('GET', '/api/countdown');
  const reset = (token: string | undefined, body?: unknown) =>
    server.api<TCountdownConfig>('POST', '/api/countdown/reset', {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
    });
  const setDeadline = (deadline: Date) =>
    server.context.db.updateTable('offer_countdown').set({ deadline }).where('id', '=', 1).execute();

  it('starts with a deadline 8 hours from the first start, public, in hours:minutes:seconds', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    const countdown = ZCountdown.parse(body.data);
    const deadline = Date.parse(countdown.deadline as string);
    expect(deadline).toBeGreaterThanOrEqual(startedAt + 8 * HOUR - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 8 * HOUR);
    expect(countdown.ended).toBe(false);
    // 08:00:00 at the very first instant (a new window starts at 8:00:00), 07:59:5x a moment later.
    const { hours, minutes, seconds } = countdown.timeFormatted;
    expect(`${hours}:${minutes}:${seconds}`).toMatch(/^(08:00:00|07:59:[0-5]\d)$/);
    // Asking again does not move it.
    expect((await get()).body.data?.deadline).toBe(countdown.deadline);
  });

  it('shows its configuration to admins only', async () => {
    expect((await server.api('GET', '/api/countdown/config')).status).toBe(401);
    expect((await server.api('GET', '/api/countdown/config', { token: member })).status).toBe(403);
    const { status, body } = await server.api<TCountdownConfig>('GET', '/api/countdown/config', { token: admin.token });
    expect(status).toBe(200);
    expect(ZCountdownConfig.parse(body.data)).toMatchObject({ windowMinutes: 480, ended: false, updatedBy: null });
  });

  it('lets only an admin reset it, to now + the window or a given duration', async () => {
    expect((await reset(undefined)).status).toBe(401);
    expect((await reset(member)).status).toBe(403);
    const before = Date.now();
    const custom = await reset(admin.token, { durationMinutes: 90 });
    expect(custom.status).toBe(200);
    const deadline = Date.parse(custom.body.data?.deadline as string);
    expect(deadline).toBeGreaterThanOrEqual(before + 90 * 60_000 - 1000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 90 * 60_000);
    expect(custom.body.data?.updatedBy).toBe(admin.id);
    expect((await get()).body.data?.deadline).toBe(custom.body.data?.deadline);
    // The reset reaches every client at once.
    await bus.waitFor((e) => e.type === 'countdown:tick' && e.countdown.deadline === custom.body.data?.deadline);

    const plain = await reset(admin.token);
    expect(Date.parse(plain.body.data?.deadline as string)).toBeGreaterThanOrEqual(before + 8 * HOUR - 1000);
  });

  it('refuses a bad reset body with 400 and changes nothing', async () => {
    const current = (await get()).body.data?.deadline;
    for (const body of [{ durationMinutes: 0 }, { durationMinutes: 1.5 }, { durationMinutes: '60' }, { hours: 2 }]) {
      const r = await reset(admin.token, body);
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('validation_failed');
    }
    expect((await get()).body.data?.deadline).toBe(current);
  });

  it('publishes sync points, not a tick a second, and a new deadline within a second', async () => {
    ticker = startCountdownTicker({
      db: server.context.db,
      bus: server.context.bus,
      logger: silentLogger,
      syncMs: 2000,
    });
    const firstTick = bus.events.length;
    const ticksSince = () => bus.events.slice(firstTick).filter((e) => e.type === 'countdown:tick');
    const ticks = await pollUntil(() => ticksSince().length >= 3 && ticksSince(), {
      timeoutMs: 8000,
      message: 'three countdown sync points from the worker',
    });
    // Three sync points span two sync periods (each is stamped when published), though it reads each second:
    // a period is 2 s plus up to one read (1 s), plus the timers' own lateness on a loaded machine.
    const span = (ticks[2]?.publishedAt ?? 0) - (ticks[0]?.publishedAt ?? 0);
    expect(span).toBeGreaterThanOrEqual(3500);
    expect(span).toBeLessThanOrEqual(6500);
    // A deadline written by another process (an admin on another server) goes out at the next read.
    const moved = new Date(Date.now() + 3 * HOUR);
    moved.setMilliseconds(0);
    await setDeadline(moved);
    const changedAt = Date.now();
    await bus.waitFor((e) => e.type === 'countdown:tick' && e.countdown.deadline === moved.toISOString(), 1500);
    expect(Date.now() - changedAt).toBeLessThan(1500);
  });

  it('shows ended at zero and nothing restarts it', async () => {
    const past = new Date(Date.now() - 60_000);
    past.setMilliseconds(0);
    await setDeadline(past);
    const { body } = await get();
    expect(body.data).toMatchObject({
      ended: true,
      timeLeftMs: 0,
      timeFormatted: { hours: '00', minutes: '00', seconds: '00' },
      deadline: past.toISOString(),
    });
    // The next tick from the worker carries the ended countdown, unchanged.
    const tick = await bus.waitFor(
      (e) => e.type === 'countdown:tick' && e.countdown.deadline === past.toISOString(),
      3000,
    );
    expect(tick).toMatchObject({ countdown: { ended: true, deadline: past.toISOString() } });
    expect((await get()).body.data?.deadline).toBe(past.toISOString());
    const config = await server.api<TCountdownConfig>('GET', '/api/countdown/config', { token: admin.token });
    expect(config.body.data?.ended).toBe(true);
  });
});
