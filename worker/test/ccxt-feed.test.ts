import { CcxtFeed, type CcxtFeedOptions, MarketFeedError } from '@signalroom/shared-node/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from './helpers/binance-server.js';

// The local server answers as Binance's spot REST API documents it (exchangeInfo, klines, ticker/24hr,
// { code, msg } errors); ccxt's binance class is pointed at it through CCXT_API_URL's host override.

describe('CcxtFeed (binance) against a local Binance spot API', () => {
  let binance: BinanceServer;
  const waits: number[] = [];
  const options = (overrides: Partial<CcxtFeedOptions> = {}): CcxtFeedOptions => ({
    exchange: 'binance',
    apiUrl: binance.url,
    assets: [{ asset: 'BTC/USDT', symbol: 'BTC/USDT' }],
    timeoutMs: 2000,
    attempts: 3,
    staleAfterMs: 120_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });
  let feed: CcxtFeed;
  beforeAll(async () => {
    binance = await startBinanceServer();
    feed = await CcxtFeed.start(options());
  });
  afterAll(async () => {
    await feed?.close();
    await binance?.close();
  });

  it('loads only the spot markets, through the overridden host, and takes decimals from the tick size', () => {
    expect(feed.id).toBe('ccxt:binance');
    expect(feed.label).toBe('Binance via ccxt');
    expect(feed.instruments()).toEqual([{ asset: 'BTC/USDT', symbol: 'BTC/USDT', decimals: 2 }]);
    expect(binance.requests.map((r) => r.path)).toEqual(['/api/v3/exchangeInfo']);
  });

  it('refuses to start with a symbol the exchange does not list as spot', async () => {
    await expect(CcxtFeed.start(options({ assets: [{ asset: 'DOGE/USDT', symbol: 'DOGE/USDT' }] }))).rejects.toThrow(
      'SIGNAL_ASSETS: Binance via ccxt lists no spot market DOGE/USDT',
    );
    await expect(CcxtFeed.start(options({ exchange: 'nosuchexchange' }))).rejects.toThrow(
      'MARKET_FEED: ccxt has no exchange "nosuchexchange"',
    );
  });

  it('builds 30 s candles from 1 s klines, paging by since and limit, finished candles only', async () => {
    const end = Math.floor(Date.now() / 30_000) * 30_000 - 60_000;
    const before = binance.requests.length;
    const candles = await feed.candles('BTC/USDT', { end: new Date(end), intervalMs: 30_000, count: 60 });
    expect(candles).toHaveLength(60);
    expect(candles.at(-1)?.time.getTime()).toBe(end - 30_000);
    expect(candles.at(-1)?.close).toBe(binance.closeAt('BTCUSDT', end));
    const asked = binance.requests.slice(before);
    expect(asked.map((r) => r.query.get('interval'))).toEqual(['1s', '1s']);
    expect(asked.map((r) => r.query.get('limit'))).toEqual(['1000', '1000']);
    expect(Number(asked[0]?.query.get('startTime'))).toBe(end - 60 * 30_000);
  });

  it('prices an instant at the close of the kline ending there, and reads the ticker as the latest price', async () => {
    const at = Math.floor(Date.now() / 1000) * 1000 - 5000;
    expect(await feed.priceAt('BTC/USDT', new Date(at))).toBe(binance.closeAt('BTCUSDT', at));
    const quote = await feed.latestPrice('BTC/USDT');
    expect(Math.abs(quote.price - binance.price('BTCUSDT', Date.now()))).toBeLessThan(5);
    expect(binance.requests.at(-1)?.path).toBe('/api/v3/ticker/24hr');
  });

  it('says a market in BREAK is not trading', async () => {
    binance.setStatus('BTCUSDT', 'BREAK');
    try {
      const paused = await CcxtFeed.start(options());
      expect(await paused.instrumentState('BTC/USDT')).toEqual({
        open: false,
        nextOpenAt: null,
        reason: 'Binance via ccxt reports BTC/USDT not trading',
      });
    } finally {
      binance.setStatus('BTCUSDT', 'TRADING');
    }
    expect(await feed.instrumentState('BTC/USDT')).toEqual({ open: true });
  });

  it('waits out a 429 for its Retry-After, tries a 5xx again, and gives up after the bounded tries', async () => {
    waits.length = 0;
    binance.failNext(1, { status: 429, retryAfter: '1' }, '/klines');
    binance.failNext(1, { status: 503 }, '/klines');
    const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
    expect(await feed.candles('BTC/USDT', { end, intervalMs: 60_000, count: 3 })).toHaveLength(3);
    expect(waits).toEqual([1000, 500]);
    binance.failNext(3, { status: 500 }, '/klines');
    await expect(feed.candles('BTC/USDT', { end, intervalMs: 60_000, count: 3 })).rejects.toThrow(MarketFeedError);
  });
});
