import { RiskPlanMessages, type TRiskPlanStanding } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const FIVE_MIN = 300_000;
/** The operator's clock for this file: mid-day in Lagos (the default business time zone). */
const NOW = Date.parse('2026-11-20T12:00:00Z');
const slot = (i: number) => new Date(Date.parse('2026-11-20T08:00:00Z') + i * FIVE_MIN);
const plan = { stake: 10, maxLevel: 2, dailyLossLimit: 150, currency: 'USD' };
const lostThroughL3 = { activeLevel: 3, result: { status: 'expired', outcome: 'loss', resolvedLevel: null } } as const;
const wonFirst = { result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 } } as const;

/**
 * The member's risk plan: saved with its rules, and where it stands computed from the record alone (the
 * day's signals the member's room showed in full, under the plan; the plan's equity since it was set).
 */
describe('risk plan: GET and PUT /api/users/risk-plan', () => {
  let server: TestServer;
  let silver: string;
  const timeZone = 'Africa/Lagos';

  beforeAll(async () => {
    server = await startTestServer({ TIME_ZONE: timeZone, SILVER_DAILY_LIMIT: '3' });
    server.context.now = () => new Date(NOW);
    silver = (await createMember(server.context.db, { tier: 'silver' })).token;
    const db = server.context.db;
    // Silver sees the day's first three in full: a full loss, a first-window win, a second full loss.
    await insertSignal(db, { slotStart: slot(0), daySequence: 1, timeZone, ...lostThroughL3 });
    await insertSignal(db, { slotStart: slot(4), daySequence: 2, timeZone, ...wonFirst });
    // The fourth was locked for silver: never theirs to take, so never in their day.
    await insertSignal(db, { slotStart: slot(6), daySequence: 4, timeZone, ...lostThroughL3 });
    // Yesterday's signal is not today's.
    await insertSignal(db, {
      slotStart: new Date(Date.parse('2026-11-19T10:00:00Z')),
      daySequence: 1,
      timeZone,
      ...lostThroughL3,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = () => server.api<TRiskPlanStanding>('GET', '/api/users/risk-plan', { token: silver });
  const put = (body: unknown) => server.api<TRiskPlanStanding>('PUT', '/api/users/risk-plan', { token: silver, body });

  it('has no plan until one is saved, and asks a member to sign in', async () => {
    expect((await get()).body.data).toEqual({ plan: null, withheld: false, today: null, equity: null });
    expect((await server.api('GET', '/api/users/risk-plan')).status).toBe(401);
  });

  it('refuses a plan out of its rules with the field and its message, and saves nothing', async () => {
    const stake = await put({ ...plan, stake: 0 });
    expect(stake.status).toBe(400);
    expect(stake.body.error?.fields).toMatchObject({ stake: RiskPlanMessages.stake });
    const tooTight = await put({ ...plan, dailyLossLimit: 60 });
    expect(tooTight.status).toBe(400);
    expect(tooTight.body.error?.fields).toMatchObject({
      dailyLossLimit: RiskPlanMessages.limitBelowOneSignal('$70.00', 2),
    });
    expect((await get()).body.data?.plan).toBeNull();
  });

  it('counts the day the room showed, under the plan, and stops it once one more loss could pass the limit', async () => {
    const saved = await put(plan);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(RiskPlanMessages.saved);
    const standing = saved.body.data as TRiskPlanStanding;
    expect(standing.plan).toMatchObject({ ...plan, setAt: new Date(NOW).toISOString() });
    // -70 (lost through L2, the plan's last level) + 8 (won at 80 %): one more full loss makes 132 of 150.
    expect(standing.today).toEqual({
      day: '2026-11-20',
      timeZone,
      result: -62,
      signals: 2,
      loss: 62,
      worstNext: 70,
      stopped: false,
    });

    const third = await insertSignal(server.context.db, {
      slotStart: slot(5),
      daySequence: 3,
      timeZone,
      ...lostThroughL3,
    });
    const after = (await get()).body.data as TRiskPlanStanding;
    expect(after.today).toMatchObject({ result: -132, signals: 3, loss: 132, stopped: true });

    // A signal the member journaled as skipped was not theirs that day: the plan goes on.
    const skipped = await server.api('PUT', `/api/signals/${third.id}/journal`, {
      token: silver,
      body: { taken: false },
    });
    expect(skipped.status).toBe(200);
    expect(((await get()).body.data as TRiskPlanStanding).today).toMatchObject({
      result: -62,
      signals: 2,
      stopped: false,
    });
    await server.api('DELETE', `/api/signals/${third.id}/journal`, { token: silver });
    expect(((await get()).body.data as TRiskPlanStanding).today).toMatchObject({ signals: 3, stopped: true });
  });

  it('runs its equity from the moment it was set, and keeps that moment when the same plan is saved again', async () => {
    const before = (await get()).body.data as TRiskPlanStanding;
    expect(before.equity).toMatchObject({ signals: 0, final: 0, maxDrawdown: 0, points: [] });
    // Resolved after the plan was set.
    await insertSignal(server.context.db, { slotStart: slot(48), daySequence: 5, timeZone, ...wonFirst });
    await insertSignal(server.context.db, { slotStart: slot(49), daySequence: 6, timeZone, ...lostThroughL3 });
    const again = (await put(plan)).body.data as TRiskPlanStanding;
    expect(again.plan?.setAt).toBe(new Date(NOW).toISOString());
    expect(again.equity).toMatchObject({ signals: 2, final: -62, maxDrawdown: 70 });

    server.context.now = () => new Date(NOW + 60_000);
    const changed = (await put({ ...plan, stake: 5 })).body.data as TRiskPlanStanding;
    expect(changed.plan?.setAt).toBe(new Date(NOW + 60_000).toISOString());
    server.context.now = () => new Date(NOW);
  });

  it('is part of the member data export', async () => {
    const exported = await server.api<Record<string, unknown>>('GET', '/api/users/export', { token: silver });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain('"riskPlan"');
  });
});
