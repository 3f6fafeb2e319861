import {
  GoldMessages,
  type StreamJoinAnswer,
  type StreamPrice,
  type TCalibrationRow,
  type TGoldSignal,
} from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { expectNothingWithin, pollUntil } from '../helpers/wait-for.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';

const join = (client: TestClient, asset: string) =>
  new Promise<StreamJoinAnswer>((resolve) => client.socket.emit('stream:join', asset, resolve));

describe('the gold room and the platinum stream', () => {
  let server: TestServer;
  let tick = Date.parse('2030-05-01T08:00:00Z');
  /** Publishes one price tick on the bus, as the worker does each second. */
  const publishPrices = (gbp: number) => {
    tick += 1000;
    return server.context.events.priceTick(new Date(tick), { 'GBP/USD': gbp, 'USD/JPY': 150.2 });
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('streams an asset’s prices to a gold socket that joins, with the recent history first', async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const client = await connectClient(server.url, gold.token);
    try {
      await publishPrices(1.27001);
      // The tick reaches the server through the bus (Redis when distributed): join once it has arrived.
      const answer = await pollUntil(
        async () => {
          const joined = await join(client, 'GBP/USD');
          return joined.ok && joined.history.length > 0 && joined;
        },
        { timeoutMs: 5000, message: 'the first price in the join answer' },
      );
      expect(answer.history.at(-1)).toEqual({ asset: 'GBP/USD', time: tick, price: 1.27001 });
      await publishPrices(1.27012);
      const price: StreamPrice = await client.waitFor('stream:price', (p: StreamPrice) => p.price === 1.27012);
      expect(price).toEqual({ asset: 'GBP/USD', time: tick, price: 1.27012 });
      // Only the joined asset's room hears it.
      expect(client.all('stream:price').every((p: StreamPrice) => p.asset === 'GBP/USD')).toBe(true);
    } finally {
      client.close();
    }
  });

  it.each([['guest'], ['silver'], ['pro']] as const)('refuses a %s socket the stream room', async (tier) => {
    const member = await createMember(server.context.db, { tier });
    const client = await connectClient(server.url, member.token);
    try {
      expect(await join(client, 'GBP/USD')).toEqual({ ok: false, message: GoldMessages.streamRefused });
      await publishPrices(1.271);
      await expectNothingWithin(300, 'a price reached a refused socket', () => client.all('stream:price').length > 0);
    } finally {
      client.close();
    }
  });

  it('stops a revoked gold member’s open stream at once', async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const client = await connectClient(server.url, gold.token);
    try {
      expect((await join(client, 'USD/JPY')).ok).toBe(true);
      await publishPrices(1.2702);
      await client.waitFor('stream:price', (p: StreamPrice) => p.time === tick);
      await server.context.db
        .updateTable('users')
        .set({ tier: 'guest', dashboard_unlocked: false })
        .where('id', '=', gold.user.id)
        .execute();
      await server.context.events.accountChanged(gold.user.id);
      expect(await client.waitFor('stream:stopped')).toEqual({ asset: 'USD/JPY' });
      const seen = client.all('stream:price').length;
      await publishPrices(1.2703);
      await expectNothingWithin(300, 'a price after the revocation', () => client.all('stream:price').length > seen);
      expect(await join(client, 'USD/JPY')).toEqual({ ok: false, message: GoldMessages.streamRefused });
    } finally {
      client.close();
    }
  });

  it('lists each signal with its analysis and martingale plan, and a calibration table by hand', async () => {
    const gold = await createMember(server.context.db, { tier: 'gold' });
    const base = Date.parse('2026-06-01T00:00:00Z');
    const seeds = [
      { confidence: 61, result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 } },
      { confidence: 63, result: { status: 'closed', outcome: 'profit', resolvedLevel: 1 } },
      { confidence: 64, result: { status: 'expired', outcome: 'loss', resolvedLevel: null } },
      { confidence: 57, result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 } },
      { confidence: 66 },
    ] as const;
    for (const [i, seed] of seeds.entries()) {
      await insertSignal(server.context.db, {
        slotStart: new Date(base + i * 300_000),
        asset: 'AUD/USD',
        ...seed,
        ...('result' in seed ? { activeLevel: seed.result.resolvedLevel ?? 3 } : {}),
      });
    }
    const calibration = await server.api<TCalibrationRow[]>('GET', '/api/gold/calibration', { token: gold.token });
    expect(calibration.status).toBe(200);
    const aud = calibration.body.data?.filter((r) => r.asset === 'AUD/USD');
    // 55-60: one signal (57), won first; 60-65: three (61, 63, 64), one won in its first window.
    expect(aud).toEqual([
      {
        asset: 'AUD/USD',
        bandFrom: 55,
        bandTo: 60,
        total: 1,
        averageConfidence: 57,
        wonFirstWindow: 1,
        firstWindowRate: 100,
      },
      {
        asset: 'AUD/USD',
        bandFrom: 60,
        bandTo: 65,
        total: 3,
        averageConfidence: 62.7,
        wonFirstWindow: 1,
        firstWindowRate: 33.3,
      },
    ]);

    const signals = await server.api<TGoldSignal[]>('GET', '/api/gold/signals', { token: gold.token });
    const newest = signals.body.data?.[0];
    expect(newest?.signal.confidence).toBe(66);
    expect(newest?.strategy).toBe('seed');
    expect(newest?.plan.map((l) => l.level)).toEqual([0, 1, 2, 3]);
    expect(newest?.plan[0]?.expiryTime).toBe(newest?.signal.expiresAt);
  });
});
