import { CHART_MAX_CANDLES, ChartQueryMessages, TIMING, type TSignalChart, ZSignalChart } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal, slotStartAgo } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const MINUTE = 60_000;
const SLOT = TIMING.signalIntervalMs;

describe('GET /api/signals/:id/chart', () => {
  let server: TestServer;
  let gold: string;
  let silver: string;
  let trial: string;
  let ended: string;
  /** Won at L1 two hours ago; the second of its day. */
  let wonId: string;
  let wonSlot: Date;
  /** Still active, in the slot running now; the third of its day, past silver's allowance of 2. */
  let activeId: string;
  /** Issued on a feed this server does not run. */
  let otherFeedId: string;

  beforeAll(async () => {
    server = await startTestServer({ SILVER_DAILY_LIMIT: '2' });
    const db = server.context.db;
    gold = (await createMember(db, { tier: 'gold' })).token;
    silver = (await createMember(db, { tier: 'silver' })).token;
    trial = (await createMember(db, { tier: 'guest' })).token;
    ended = (await createMember(db, { tier: 'guest', trialEndsAt: new Date(Date.now() - MINUTE) })).token;
    const now = server.context.now();
    wonSlot = slotStartAgo(now, 24);
    wonId = (
      await insertSignal(db, {
        slotStart: wonSlot,
        daySequence: 2,
        activeLevel: 1,
        result: { status: 'closed', outcome: 'profit', resolvedLevel: 1 },
      })
    ).id;
    activeId = (await insertSignal(db, { slotStart: slotStartAgo(now, 0), daySequence: 3 })).id;
    otherFeedId = (
      await insertSignal(db, {
        slotStart: slotStartAgo(now, 30),
        source: 'oanda:practice',
        result: { status: 'expired', outcome: 'loss', resolvedLevel: null },
        activeLevel: 3,
      })
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const chart = (token: string | undefined, id: string, query = '') =>
    server.api<TSignalChart>('GET', `/api/signals/${id}/chart${query}`, token ? { token } : {});

  it('draws a resolved signal from the feed’s history, frozen at the end of the window it was resolved in', async () => {
    const { status, body } = await chart(gold, wonId);
    expect(status).toBe(200);
    const data = ZSignalChart.parse(body.data);
    const frozenAt = wonSlot.getTime() + 2 * SLOT; // the end of martingale level 1
    expect(data).toMatchObject({ signalId: wonId, asset: 'EUR/USD (OTC)', source: 'simulated', history: 'feed' });
    expect(Date.parse(data.to)).toBe(frozenAt);
    expect(Date.parse(data.from)).toBe(frozenAt - 60 * MINUTE);
    // One candle a minute for the hour, ascending, each consistent with its high and low.
    expect(data.candles).toHaveLength(60);
    const times = data.candles.map((c) => c.time * 1000);
    expect(times[0]).toBe(Date.parse(data.from));
    expect(times.at(-1)).toBe(frozenAt - MINUTE);
    for (let i = 1; i < times.length; i += 1) expect(times[i]).toBe((times[i - 1] as number) + MINUTE);
    for (const c of data.candles)
      expect(c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close)).toBe(true);
    // The same candles the feed gives the engine.
    const feed = await server.context.market.feed();
    const own = await feed.candles('EUR/USD (OTC)', { end: new Date(frozenAt), intervalMs: MINUTE, count: 60 });
    expect(data.candles.map((c) => c.close)).toEqual(own.map((c) => c.close));
  });

  it('reads an active signal only up to the last whole minute: no candle that is still forming', async () => {
    const before = Math.floor(Date.now() / MINUTE) * MINUTE;
    const { status, body } = await chart(gold, activeId);
    expect(status).toBe(200);
    const data = ZSignalChart.parse(body.data);
    const to = Date.parse(data.to);
    expect(to).toBeGreaterThanOrEqual(before);
    expect(to).toBeLessThanOrEqual(Date.now());
    expect(Math.max(...data.candles.map((c) => c.time * 1000))).toBe(to - MINUTE);
  });

  it('answers a signal of another feed with its stored prices only, and says so', async () => {
    const { status, body } = await chart(gold, otherFeedId);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ history: 'stored', candles: [], source: 'oanda:practice' });
  });

  it('gives the chart only to a member who may see the signal in full', async () => {
    expect((await chart(undefined, wonId)).status).toBe(401);
    // Past the trial: no signal room at all.
    expect((await chart(ended, wonId)).status).toBe(403);
    // Silver's allowance is 2 a day: the third is a locked teaser in the list, and its chart is refused too.
    expect((await chart(silver, wonId)).status).toBe(200);
    const refused = await chart(silver, activeId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, data: null, error: { code: 'forbidden' } });
    // The trial sees a signal once its primary window has closed, not before.
    expect((await chart(trial, wonId)).status).toBe(200);
    expect((await chart(trial, activeId)).status).toBe(403);
  });

  it('refuses a bad lookback or an unknown parameter with 400 on the field, and an unknown signal with 404', async () => {
    for (const query of ['?minutes=5', '?minutes=121', '?minutes=abc']) {
      const { status, body } = await chart(gold, wonId, query);
      expect(status).toBe(400);
      expect(body.error?.fields).toMatchObject({ minutes: ChartQueryMessages.minutes });
    }
    const unknownKey = await chart(gold, wonId, '?from=0');
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.error?.fields).toHaveProperty('from');
    expect((await chart(gold, 'not-a-signal')).status).toBe(404);
    expect((await chart(gold, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('keeps the window bounded: the longest lookback stays within the cap', async () => {
    const { status, body } = await chart(gold, wonId, '?minutes=120');
    expect(status).toBe(200);
    const data = ZSignalChart.parse(body.data);
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(120 * MINUTE);
    expect(data.candles).toHaveLength(120);
    expect(data.candles.length).toBeLessThanOrEqual(CHART_MAX_CANDLES);
  });
});
