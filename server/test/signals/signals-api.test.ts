import {
  computeWinRateEvidence,
  emptyLevelOutcomes,
  type TPerformanceStats,
  type TPublicStats,
  type TSignal,
  type TSignalView,
  ZPublicStats,
  ZSignalView,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, slots } from './signal-helpers.js';

describe('signals API', () => {
  let server: TestServer;
  let gold: string;
  let silver: string;
  let pro: string;
  let guest: string;
  let locked: string;
  const issued: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ SILVER_DAILY_LIMIT: '2' });
    const db = server.context.db;
    gold = (await createMember(db, { tier: 'gold' })).token;
    silver = (await createMember(db, { tier: 'silver' })).token;
    pro = (await createMember(db, { tier: 'pro' })).token;
    // Their trials have ended: without one a guest or a locked member sees no signal at all.
    const ended = new Date(Date.now() - 60_000);
    guest = (await createMember(db, { tier: 'guest', trialEndsAt: ended })).token;
    locked = (await createMember(db, { tier: 'silver', dashboardUnlocked: false, trialEndsAt: ended })).token;
    // Neither an admin nor an unconfirmed sign-up counts as a member on the landing page.
    await createMember(db, { role: 'admin', tier: 'gold' });
    await createMember(db, { tier: 'silver', emailVerified: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const list = (token: string | undefined, query = '') =>
    server.api<TSignalView[]>('GET', `/api/signals${query}`, token ? { token } : {});
  const stats = (token: string) => server.api<TPerformanceStats>('GET', '/api/signals/stats/performance', { token });
  const publicStats = () => server.api<TPublicStats>('GET', '/api/stats/public');

  it('refuses signals and statistics without a session (401), to guests and locked members past their trial (403)', async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list(guest)).status).toBe(403);
    expect((await list(locked)).status).toBe(403);
    expect((await stats(guest)).status).toBe(403);
    expect((await stats(locked)).status).toBe(403);
    expect((await list(locked)).body).toMatchObject({ success: false, data: null, error: { code: 'forbidden' } });
  });

  it('reports statistics as empty, with no made-up figures, before any signal has resolved', async () => {
    const before = await stats(gold);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      empty: true,
      totalSignals: 0,
      winRateFirstWindow: null,
      winRateWithMartingale: null,
      avgConfidence: null,
    });
    expect(before.body.data).not.toHaveProperty('winRate');
    expect(ZPublicStats.parse((await publicStats()).body.data)).toEqual({
      members: 5,
      signalsIssued: 0,
      resolvedSignals: 0,
      winRateFirstWindow: null,
      winRateWithMartingale: null,
      winsByLevel: [0, 0, 0, 0],
      marketsCovered: 0,
      marketSource: 'simulated',
      lastSignalAt: null,
      // Nothing resolved: the break-even at the payout (80 %) alone, no rate, no expected value.
      evidence: computeWinRateEvidence(emptyLevelOutcomes(), 80),
      recordBroken: false,
    });
    expect(before.body.data?.evidence.firstWindow).toMatchObject({
      breakEven: 55.6,
      percent: null,
      expectedValue: null,
    });
    expect((await list(gold)).body.data).toEqual([]);
  });

  it('gives silver the first N signals of the day in full and locked teasers after that', async () => {
    const engine = engineFor(server);
    for (const slot of slots('2026-11-18T10:00:00Z', 4)) issued.push((await engine.runSlot(slot))?.id as string);
    const { status, body } = await list(silver);
    expect(status).toBe(200);
    const views = (body.data ?? []).map((v) => ZSignalView.parse(v));
    expect(views.map((v) => [v.daySequence, v.locked])).toEqual([
      [4, true],
      [3, true],
      [2, false],
      [1, false],
    ]);
    // A teaser says that a signal exists and which allowance it is past, never what it is.
    expect(Object.keys(views[0] as object).sort()).toEqual([
      'allowance',
      'createdAt',
      'daySequence',
      'expiresAt',
      'id',
      'locked',
    ]);
  });

  it('gives pro and gold every signal in full', async () => {
    for (const token of [pro, gold]) {
      const views = (await list(token)).body.data ?? [];
      expect(views).toHaveLength(4);
      expect(views.every((v) => !v.locked && 'asset' in v && 'entryPrice' in v)).toBe(true);
    }
  });

  it("gives an admin every signal in full and the statistics, whatever the admin's own tier and lock", async () => {
    const db = server.context.db;
    const admins = [
      await createMember(db, { role: 'admin', tier: 'guest' }),
      await createMember(db, { role: 'admin', tier: 'silver', dashboardUnlocked: false }),
    ];
    for (const admin of admins) {
      const { status, body } = await list(admin.token);
      expect(status).toBe(200);
      // Silver's allowance here is 2, so a silver view would hold teasers: an admin gets the gold view.
      expect(body.data).toHaveLength(4);
      expect((body.data ?? []).every((v) => !v.locked && 'asset' in v)).toBe(true);
      expect((await stats(admin.token)).status).toBe(200);
    }
  });

  it('honours limit and sortOrder and refuses bad values with 400', async () => {
    const newest = (await list(gold, '?limit=2&sortOrder=desc')).body.data ?? [];
    expect(newest.map((v) => v.id)).toEqual([issued[3], issued[2]]);
    const oldest = (await list(gold, '?limit=2&sortOrder=asc')).body.data ?? [];
    expect(oldest.map((v) => v.id)).toEqual([issued[0], issued[1]]);
    for (const bad of ['?limit=0', '?limit=abc', '?limit=1000', '?sortOrder=sideways']) {
      const r = await list(gold, bad);
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('validation_failed');
    }
  });

  it('counts statistics from resolved signals only', async () => {
    const engine = engineFor(server);
    // Resolve two of the four; the other two stay active and must not count.
    const done = [];
    for (const id of issued.slice(0, 2)) {
      const r = await engine.resolveSignal(id);
      if (r.state === 'resolved') done.push(r.signal);
    }
    expect(done).toHaveLength(2);
    const body = (await stats(silver)).body.data as TPerformanceStats;
    const won = done.filter((s) => s.outcome === 'profit').length;
    const lost = done.filter((s) => s.outcome === 'loss').length;
    expect(body).toMatchObject({ empty: false, totalSignals: 2, wonSignals: won, lostSignals: lost });
    const wonFirst = done.filter((s) => s.outcome === 'profit' && s.resolvedLevel === 0).length;
    expect(body.winRateWithMartingale).toBe(Math.round((won / 2) * 1000) / 10);
    expect(body.winRateFirstWindow).toBe(Math.round((wonFirst / 2) * 1000) / 10);
    expect(body.avgConfidence).toBe(Math.round(((done[0]!.confidence + done[1]!.confidence) / 2) * 10) / 10);
    expect(body.winsByLevel.reduce((a, b) => a + b, 0)).toBe(won);
    expect(body.byAsset.reduce((a, b) => a + b.total, 0)).toBe(2);
    // Beside the rates: what each signal paid a first-window trade at the 80 % payout, on average.
    const firstWindowResult = (s: TSignal) =>
      s.resolvedLevel === 0 && s.outcome === 'profit'
        ? 0.8
        : s.resolvedLevel === 0 && s.outcome === 'breakeven'
          ? 0
          : -1;
    expect(body.evidence.firstWindow.expectedValue).toBeCloseTo(
      (firstWindowResult(done[0] as TSignal) + firstWindowResult(done[1] as TSignal)) / 2,
      3,
    );
    expect(body.evidence.firstWindow).toMatchObject({ won: wonFirst, total: 2, breakEven: 55.6 });
  });

  it('counts the landing page figures from records', async () => {
    const assets = await server.context.db.selectFrom('signals').select('asset').distinct().execute();
    const figures = ZPublicStats.parse((await publicStats()).body.data);
    const perf = (await stats(gold)).body.data as TPerformanceStats;
    const newest = await server.context.db
      .selectFrom('signals')
      .select('created_at')
      .orderBy('slot_start', 'desc')
      .executeTakeFirstOrThrow();
    expect(figures).toEqual({
      members: 5,
      signalsIssued: 4,
      resolvedSignals: 2,
      winRateFirstWindow: perf.winRateFirstWindow,
      winRateWithMartingale: perf.winRateWithMartingale,
      winsByLevel: perf.winsByLevel,
      marketsCovered: assets.length,
      marketSource: 'simulated',
      lastSignalAt: new Date(newest.created_at).toISOString(),
      evidence: perf.evidence,
      recordBroken: false,
    });
  });
});
