import {
  MarketFeedError,
  OandaFeed,
  type OandaFeedOptions,
  PriceUnavailableError,
} from '@signalroom/shared-node/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OandaServer, startOandaServer } from './helpers/oanda-server.js';

// The local server answers in OANDA's published v20 format (oanda/v20-openapi: v20_instrument.yaml,
// v20_pricing.yaml, v20_account.yaml, v20_primitives.yaml); see helpers/oanda-server.ts.

/** A Wednesday in New York's trading week, and a Saturday when the FX market is closed. */
const WEEKDAY = Date.parse('2026-11-18T10:00:00Z');
const SATURDAY = Date.parse('2026-11-21T12:00:00Z');

describe('OandaFeed against a local OANDA v20 server', () => {
  let oanda: OandaServer;
  const waits: number[] = [];
  const options = (overrides: Partial<OandaFeedOptions> = {}): OandaFeedOptions => ({
    apiUrl: oanda.url,
    accountId: oanda.accountId,
    token: oanda.token,
    environment: 'practice',
    assets: [
      { asset: 'EUR/USD', symbol: 'EUR_USD' },
      { asset: 'USD/JPY', symbol: 'USD_JPY' },
    ],
    timeoutMs: 500,
    attempts: 3,
    staleAfterMs: 120_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  let feed: OandaFeed;
  beforeAll(async () => {
    oanda = await startOandaServer();
    feed = await OandaFeed.start(options());
  });
  afterAll(async () => {
    await oanda?.close();
  });

  it('lists the configured instruments with OANDA display precision, and names itself', () => {
    expect(feed.id).toBe('oanda:practice');
    expect(feed.label).toBe('OANDA (practice)');
    expect(feed.instruments()).toEqual([
      { asset: 'EUR/USD', symbol: 'EUR_USD', decimals: 5 },
      { asset: 'USD/JPY', symbol: 'USD_JPY', decimals: 3 },
    ]);
    const asked = oanda.requests.find((r) => r.path.endsWith('/instruments'));
    expect(asked?.path).toBe(`/v3/accounts/${oanda.accountId}/instruments`);
    expect(asked?.headers.authorization).toBe(`Bearer ${oanda.token}`);
  });

  it('refuses to start with an instrument the account does not list', async () => {
    const start = OandaFeed.start(options({ assets: [{ asset: 'AUD/USD', symbol: 'AUD_USD' }] }));
    await expect(start).rejects.toThrow('SIGNAL_ASSETS: OANDA does not list AUD_USD (AUD/USD) for this account');
  });

  it('reads midpoint candles at a granularity OANDA offers, closes as OANDA gives them', async () => {
    const end = new Date(WEEKDAY);
    const candles = await feed.candles('EUR/USD', { end, intervalMs: 30_000, count: 60 });
    expect(candles).toHaveLength(60);
    expect(candles.at(-1)?.time.getTime()).toBe(WEEKDAY - 30_000);
    expect(candles.at(-1)?.close).toBe(oanda.closeAt('EUR_USD', WEEKDAY));
    const asked = oanda.requests.at(-1);
    expect(asked?.query.get('granularity')).toBe('S30');
    expect(asked?.query.get('price')).toBe('M');
  });

  it('builds an interval OANDA lacks from the coarsest one that divides it', async () => {
    const candles = await feed.candles('USD/JPY', { end: new Date(WEEKDAY), intervalMs: 20_000, count: 6 });
    expect(oanda.requests.at(-1)?.query.get('granularity')).toBe('S10');
    expect(candles.map((c) => c.time.getTime())).toEqual([6, 5, 4, 3, 2, 1].map((k) => WEEKDAY - k * 20_000));
    expect(candles.map((c) => c.close)).toEqual(
      [5, 4, 3, 2, 1, 0].map((k) => oanda.closeAt('USD_JPY', WEEKDAY - k * 20_000)),
    );
  });

  it('pages through the 5000-candle limit for a long range', async () => {
    // 5000 candles a page take the local server a while to compute.
    const patient = await OandaFeed.start(options({ timeoutMs: 20_000 }));
    const before = oanda.requests.length;
    const candles = await patient.candles('EUR/USD', { end: new Date(WEEKDAY), intervalMs: 5_000, count: 12_000 });
    expect(candles).toHaveLength(12_000);
    expect(oanda.requests.length - before).toBe(3);
    const times = candles.map((c) => c.time.getTime());
    expect(times.every((t, i) => i === 0 || t - (times[i - 1] as number) === 5_000)).toBe(true);
  });

  it('prices an instant at the close of the candle ending there; a closed market has no price', async () => {
    expect(await feed.priceAt('EUR/USD', new Date(WEEKDAY))).toBe(oanda.closeAt('EUR_USD', WEEKDAY));
    await expect(feed.priceAt('EUR/USD', new Date(SATURDAY))).rejects.toThrow(PriceUnavailableError);
  });

  it('reads across a gap: fewer candles, and the last price before it while it is recent', async () => {
    const gapEnd = WEEKDAY + 3_600_000;
    oanda.addGap('USD_JPY', new Date(gapEnd - 60_000), new Date(gapEnd));
    const candles = await feed.candles('USD/JPY', { end: new Date(gapEnd), intervalMs: 30_000, count: 10 });
    expect(candles).toHaveLength(8);
    expect(await feed.priceAt('USD/JPY', new Date(gapEnd))).toBe(oanda.closeAt('USD_JPY', gapEnd - 60_000));
  });

  it('says the FX market is closed at the weekend and when it opens (Sunday 17:00 New York)', async () => {
    const state = await feed.instrumentState('EUR/USD', new Date(SATURDAY));
    expect(state).toEqual({
      open: false,
      nextOpenAt: new Date('2026-11-22T22:00:00Z'),
      reason: 'the FX market is closed for the weekend',
    });
  });

  it('takes the pricing `tradeable` flag for now, and the mid of bid and ask as the latest price', async () => {
    const live = await OandaFeed.start(options({ now: () => new Date(WEEKDAY) }));
    const quote = await live.latestPrice('EUR/USD');
    expect(Math.abs(quote.price - oanda.price('EUR_USD', Date.now()))).toBeLessThan(0.0001);
    oanda.setTradeable('EUR_USD', false);
    try {
      // The pricing answer is shared half a second; a new feed asks afresh.
      const fresh = await OandaFeed.start(options({ now: () => new Date(WEEKDAY) }));
      expect(await fresh.instrumentState('EUR/USD', new Date(WEEKDAY))).toEqual({
        open: false,
        nextOpenAt: null,
        reason: 'OANDA reports EUR_USD not tradeable',
      });
    } finally {
      oanda.setTradeable('EUR_USD', true);
    }
  });

  it('waits out a 429 for its Retry-After and tries a 5xx again, a bounded number of times', async () => {
    waits.length = 0;
    oanda.failNext(1, { status: 429, retryAfter: '2' }, '/candles');
    oanda.failNext(1, { status: 503 }, '/candles');
    const candles = await feed.candles('EUR/USD', { end: new Date(WEEKDAY), intervalMs: 60_000, count: 5 });
    expect(candles).toHaveLength(5);
    expect(waits).toEqual([2000, 500]);
    oanda.failNext(3, { status: 500 }, '/candles');
    await expect(feed.candles('EUR/USD', { end: new Date(WEEKDAY), intervalMs: 60_000, count: 5 })).rejects.toThrow(
      'OANDA answered 500 for /v3/instruments/EUR_USD/candles: Service unavailable',
    );
  });

  it('tries a timeout again and fails at once on a refused token, without ever showing the token', async () => {
    oanda.stallNext(1, 2000, '/candles');
    expect(await feed.candles('EUR/USD', { end: new Date(WEEKDAY), intervalMs: 60_000, count: 2 })).toHaveLength(2);
    const before = oanda.requests.length;
    const refused = await OandaFeed.start(options({ token: 'wrong-token-000000' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MarketFeedError);
    expect((refused as Error).message).toBe(
      `OANDA answered 401 for /v3/accounts/${oanda.accountId}/instruments: Insufficient authorization to perform request.`,
    );
    expect((refused as Error).message).not.toContain('wrong-token');
    expect(oanda.requests.length - before).toBe(1);
  });
});
