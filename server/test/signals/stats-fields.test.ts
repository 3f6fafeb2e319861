import {
  signalResultLabel,
  type TPerformanceStats,
  type TPublicStats,
  type TSignal,
  ZPerformanceStats,
  ZPublicStats,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';

const FIVE_MIN = 300_000;
const first = Date.parse('2026-11-20T09:00:00Z');
const slot = (i: number) => new Date(first + i * FIVE_MIN);

// Two win rates, and the level of every result, on REST and on the socket, in the current shape.
describe('statistics: first-window and martingale win rates', () => {
  let server: TestServer;
  let gold: string;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    gold = (await createMember(server.context.db, { tier: 'gold' })).token;
    const db = server.context.db;
    // Ten resolved: 1 won in the first window, 1 recovered at L1, 1 at L2, 1 breakeven, 6 lost.
    await insertSignal(db, { slotStart: slot(0), result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 } });
    await insertSignal(db, {
      slotStart: slot(1),
      activeLevel: 1,
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 1 },
    });
    await insertSignal(db, {
      slotStart: slot(2),
      activeLevel: 2,
      result: { status: 'hit_tp', outcome: 'profit', resolvedLevel: 2 },
    });
    await insertSignal(db, {
      slotStart: slot(3),
      result: { status: 'closed', outcome: 'breakeven', resolvedLevel: 0 },
    });
    for (let i = 4; i < 9; i += 1) {
      await insertSignal(db, {
        slotStart: slot(i),
        activeLevel: 3,
        result: { status: 'expired', outcome: 'loss', resolvedLevel: null },
      });
    }
    await insertSignal(db, {
      slotStart: slot(9),
      activeLevel: 1,
      result: { status: 'hit_sl', outcome: 'loss', resolvedLevel: null },
    });
    // Still running: never counted.
    await insertSignal(db, { slotStart: slot(10), activeLevel: 1 });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
  });

  const expected = {
    empty: false,
    totalSignals: 10,
    wonSignals: 3,
    lostSignals: 6,
    breakevenSignals: 1,
    winRateFirstWindow: 10,
    winRateWithMartingale: 30,
    winsByLevel: [1, 1, 1, 0],
  };

  it('GET /api/signals/stats/performance carries both rates and the wins per level, no bare winRate', async () => {
    const { status, body } = await server.api<TPerformanceStats>('GET', '/api/signals/stats/performance', {
      token: gold,
    });
    expect(status).toBe(200);
    const stats = ZPerformanceStats.parse(body.data);
    expect(stats).toMatchObject(expected);
    expect(body.data).not.toHaveProperty('winRate');
    expect(stats.byAsset).toEqual([{ asset: 'EUR/USD (OTC)', total: 10, won: 3, wonFirstWindow: 1 }]);
  });

  it('GET /api/stats/public leads with the same first-window rate, and the recovery rate beside it', async () => {
    const { body } = await server.api<TPublicStats>('GET', '/api/stats/public');
    const figures = ZPublicStats.parse(body.data);
    expect(figures).toMatchObject({
      signalsIssued: 11,
      resolvedSignals: 10,
      winRateFirstWindow: 10,
      winRateWithMartingale: 30,
      winsByLevel: [1, 1, 1, 0],
      lastSignalAt: slot(10).toISOString(),
    });
    expect(body.data).not.toHaveProperty('winRate');
  });

  it('the socket snapshot and stats:update carry the same schema', async () => {
    const client = await connectClient(server.url, gold);
    clients.push(client);
    expect(ZPerformanceStats.parse(client.snapshot.stats)).toMatchObject(expected);
    // One more signal resolves: its checkpoint is announced, every server recomputes from the log and
    // pushes what changed.
    await insertSignal(server.context.db, {
      slotStart: slot(11),
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 },
    });
    const pushed = await client.waitFor('stats:update');
    expect(ZPerformanceStats.parse(pushed)).toMatchObject({ totalSignals: expected.totalSignals + 1 });
    expect(pushed).not.toHaveProperty('winRate');
  });

  it('every signal in the list carries the level its result came at', async () => {
    const { body } = await server.api<TSignal[]>('GET', '/api/signals?limit=11&sortOrder=asc', { token: gold });
    const labels = (body.data ?? []).map((s) => signalResultLabel(s));
    expect(labels).toEqual([
      'Won in first window',
      'Won at L1',
      'Won at L2',
      'Breakeven in first window',
      'Lost after L3',
      'Lost after L3',
      'Lost after L3',
      'Lost after L3',
      'Lost after L3',
      'Lost at L1 (stop loss)',
      'Pending: recovery at L1',
    ]);
  });
});
