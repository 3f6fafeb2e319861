import { marketFeedLabel } from '@signalroom/shared';
import { z } from 'zod';
import { ASSET_SPECS } from './assets.js';
import {
  type Candle,
  type CandleQuery,
  type Instrument,
  type InstrumentState,
  type MarketFeed,
  MarketFeedError,
  PriceUnavailableError,
  type Quote,
} from './market-feed.js';

/**
 * The JSON contract a real price feed must serve (MARKET_FEED_URL is its base):
 *   GET {base}/price?asset=EUR%2FUSD&at=2026-11-22T10:05:00.000Z   (at optional: latest)
 *     → { "asset": "EUR/USD", "price": 1.08512, "time": "2026-11-22T10:04:59.800Z" }
 *   GET {base}/candles?asset=EUR%2FUSD&interval=60000&count=30&end=2026-11-22T10:05:00.000Z
 *     → { "asset": "EUR/USD", "candles": [{ "time": "…", "open": 1.1, "high": 1.2, "low": 1.0, "close": 1.1 }] }
 * Candles are oldest first; `time` is the opening time; the last candle closes at `end`.
 */
const ZPriceAnswer = z.object({ asset: z.string(), price: z.number().positive(), time: z.iso.datetime() });
const ZCandle = z.object({
  time: z.iso.datetime(),
  open: z.number().positive(),
  high: z.number().positive(),
  low: z.number().positive(),
  close: z.number().positive(),
});
const ZCandlesAnswer = z.object({ asset: z.string(), candles: z.array(ZCandle) });

/**
 * Reads a real market over HTTP; every answer is validated, and a bad or late one is an error, never a
 * guess. The contract has no instrument list or market hours: the configured assets are traded, at the
 * decimals of their prices, whenever the feed answers (a stale answer is the engine's "no data").
 */
export class HttpMarketFeed implements MarketFeed {
  readonly id = 'http';
  readonly label = marketFeedLabel('http');
  private readonly base: string;
  private readonly traded: Instrument[];

  constructor(
    baseUrl: string,
    private readonly options: { timeoutMs?: number; assets?: readonly string[] } = {},
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
    // The contract says nothing of decimals: the simulated list's where the asset is on it, else 5.
    this.traded = (options.assets ?? []).map((asset) => ({
      asset,
      symbol: asset,
      decimals: (ASSET_SPECS as Record<string, { decimals: number } | undefined>)[asset]?.decimals ?? 5,
    }));
  }

  instruments(): readonly Instrument[] {
    return this.traded;
  }

  async instrumentState(): Promise<InstrumentState> {
    return { open: true };
  }

  async latestPrice(asset: string): Promise<Quote> {
    return this.quote(asset);
  }

  async priceAt(asset: string, at?: Date): Promise<number> {
    return (await this.quote(asset, at)).price;
  }

  private async quote(asset: string, at?: Date): Promise<Quote> {
    const params = new URLSearchParams({ asset });
    if (at) params.set('at', at.toISOString());
    const answer = ZPriceAnswer.safeParse(await this.get(`/price?${params}`));
    if (!answer.success) throw new MarketFeedError(`Market feed sent an invalid price for ${asset}`);
    const time = new Date(answer.data.time);
    // The contract's price is "the last one at or before `at`": one from after it would be a look-ahead.
    if (at && time > at)
      throw new PriceUnavailableError(`Market feed has no ${asset} price at ${at.toISOString()} yet`);
    return { price: answer.data.price, time };
  }

  async candles(asset: string, query: CandleQuery): Promise<Candle[]> {
    const params = new URLSearchParams({
      asset,
      interval: String(query.intervalMs),
      count: String(query.count),
      end: query.end.toISOString(),
    });
    const answer = ZCandlesAnswer.safeParse(await this.get(`/candles?${params}`));
    if (!answer.success) throw new MarketFeedError(`Market feed sent invalid candles for ${asset}`);
    return answer.data.candles.map((c) => ({ ...c, time: new Date(c.time) }));
  }

  private async get(path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      throw new MarketFeedError(`Market feed unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new MarketFeedError(`Market feed answered ${response.status} for ${path.split('?')[0]}`);
    try {
      return await response.json();
    } catch {
      throw new MarketFeedError('Market feed sent a body that is not JSON');
    }
  }
}
