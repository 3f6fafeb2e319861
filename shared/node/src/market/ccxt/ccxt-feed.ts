import { marketFeedLabel } from '@signalroom/shared';
import type { Exchange, Market } from 'ccxt';
import type { ModuleLogger } from '../../logger.js';
import type { AssetMapping } from '../market-config.js';
import {
  aggregateCandles,
  type Candle,
  type CandleQuery,
  closeAt,
  decimalsOf,
  type Instrument,
  type InstrumentState,
  type MarketFeed,
  MarketFeedError,
  type Quote,
  sourceInterval,
  tradedInstrument,
} from '../market-feed.js';
import { type RetryAdvice, retryAfterMs, withRetries } from '../provider-retry.js';

/** How long a market list (with each market's `active` flag) is trusted before it is loaded again. */
const MARKETS_TTL_MS = 10 * 60_000;
/** Candles per request when the exchange does not say its own limit. */
const DEFAULT_OHLCV_LIMIT = 500;

export interface CcxtFeedOptions {
  /** The ccxt exchange id ('binance', 'kraken'). */
  exchange: string;
  /** Replaces the host of every API address the exchange has (a mirror, or a local server in tests). */
  apiUrl?: string | undefined;
  assets: readonly AssetMapping[];
  timeoutMs: number;
  attempts: number;
  staleAfterMs: number;
  logger?: ModuleLogger | undefined;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

type CcxtModule = typeof import('ccxt');

/** The same addresses with their scheme and host replaced by `base`'s (paths are the exchange's). */
function rehost(api: unknown, base: string): unknown {
  if (typeof api === 'string') return api.replace(/^[a-z]+:\/\/[^/]+/i, base.replace(/\/+$/, ''));
  if (api && typeof api === 'object') {
    return Object.fromEntries(Object.entries(api).map(([key, value]) => [key, rehost(value, base)]));
  }
  return api;
}

/**
 * Crypto from an exchange through ccxt, public data only (no keys): the exchange's spot markets (the
 * only ones loaded), `fetchOHLCV` paged by `since`/`limit`, `fetchTicker` for the live price. ccxt is
 * large, so it is imported only when this feed starts: a process on another feed never loads it.
 */
export class CcxtFeed implements MarketFeed {
  readonly id: string;
  readonly label: string;
  private traded: Instrument[] = [];
  private marketsLoadedAt = 0;
  private readonly quotes = new Map<string, { at: number; quote: Promise<Quote> }>();
  private readonly offeredMs: number[];
  private readonly finestMs: number;
  private readonly now: () => Date;

  private constructor(
    private readonly ccxt: CcxtModule,
    private readonly exchange: Exchange,
    private readonly options: CcxtFeedOptions,
  ) {
    this.id = `ccxt:${options.exchange}`;
    this.label = marketFeedLabel(this.id);
    this.now = options.now ?? (() => new Date());
    this.offeredMs = Object.keys(exchange.timeframes ?? {}).map((tf) => exchange.parseTimeframe(tf) * 1000);
    this.finestMs = Math.min(...this.offeredMs);
  }

  /** Loads ccxt and the exchange's spot markets; refuses to start when a configured symbol is not listed. */
  static async start(options: CcxtFeedOptions): Promise<CcxtFeed> {
    const ccxt = await import('ccxt');
    const classes = ccxt.exchanges as unknown as Record<string, (new (config: object) => Exchange) | undefined>;
    const ExchangeClass = Object.hasOwn(classes, options.exchange) ? classes[options.exchange] : undefined;
    if (!ExchangeClass) throw new MarketFeedError(`MARKET_FEED: ccxt has no exchange "${options.exchange}"`);
    const exchange = new ExchangeClass({ enableRateLimit: true, timeout: options.timeoutMs });
    // Spot only: each exchange names its market types in its own option, a list or { types }.
    const listed = exchange.options.fetchMarkets as unknown;
    if (Array.isArray(listed)) exchange.options.fetchMarkets = ['spot'];
    else if (listed && typeof listed === 'object' && 'types' in listed)
      (listed as { types: string[] }).types = ['spot'];
    exchange.options.defaultType = 'spot';
    if (options.apiUrl) exchange.urls.api = rehost(exchange.urls.api, options.apiUrl) as Exchange['urls']['api'];
    const feed = new CcxtFeed(ccxt, exchange, options);
    await feed.loadMarkets();
    const missing = options.assets.filter((a) => !feed.market(a.symbol));
    if (missing.length) {
      throw new MarketFeedError(
        `SIGNAL_ASSETS: ${feed.label} lists no spot market ${missing.map((a) => a.symbol).join(', ')}`,
      );
    }
    feed.traded = options.assets.map((a) => {
      const precision = feed.market(a.symbol)?.precision.price ?? 0.01;
      const decimals =
        exchange.precisionMode === ccxt.functions.precisionConstants.TICK_SIZE ? decimalsOf(precision) : precision;
      return { asset: a.asset, symbol: a.symbol, decimals };
    });
    return feed;
  }

  instruments(): readonly Instrument[] {
    return this.traded;
  }

  async instrumentState(asset: string): Promise<InstrumentState> {
    const { symbol } = this.instrument(asset);
    if (Date.now() - this.marketsLoadedAt > MARKETS_TTL_MS) await this.loadMarkets();
    if (this.market(symbol)?.active === false) {
      return { open: false, nextOpenAt: null, reason: `${this.label} reports ${symbol} not trading` };
    }
    return { open: true };
  }

  /**
   * The ticker's last trade. Answers are shared for a while that leaves room under the exchange's rate
   * limit (ccxt queues calls to honour it): a ticker asked every second must not delay a slot's candles.
   */
  latestPrice(asset: string): Promise<Quote> {
    const ttlMs = Math.max(1000, (this.exchange.rateLimit ?? 0) * this.traded.length * 2);
    const cached = this.quotes.get(asset);
    if (cached && Date.now() - cached.at < ttlMs) return cached.quote;
    const quote = this.readTicker(asset);
    this.quotes.set(asset, { at: Date.now(), quote });
    // A failed read is not cached (its caller gets the error); the next read asks again.
    quote.catch(() => this.quotes.delete(asset));
    return quote;
  }

  private async readTicker(asset: string): Promise<Quote> {
    const { symbol } = this.instrument(asset);
    const ticker = await this.call(`fetchTicker ${symbol}`, () => this.exchange.fetchTicker(symbol));
    const mid = ticker.bid && ticker.ask ? (ticker.bid + ticker.ask) / 2 : undefined;
    const price = ticker.last ?? ticker.close ?? mid;
    if (!(typeof price === 'number' && price > 0))
      throw new MarketFeedError(`${this.label} sent no price for ${symbol}`);
    return { price, time: new Date(ticker.timestamp ?? this.now().getTime()) };
  }

  priceAt(asset: string, at: Date): Promise<number> {
    return closeAt(this, asset, at, this.finestMs, this.options.staleAfterMs);
  }

  async candles(asset: string, query: CandleQuery): Promise<Candle[]> {
    const { symbol } = this.instrument(asset);
    const sourceMs = sourceInterval(this.offeredMs, query.intervalMs, this.label);
    const timeframe = Object.keys(this.exchange.timeframes).find(
      (tf) => this.exchange.parseTimeframe(tf) * 1000 === sourceMs,
    ) as string;
    const limit = this.ohlcvLimit();
    const from = query.end.getTime() - query.count * query.intervalMs;
    // A candle still open has no close yet.
    const to = Math.min(query.end.getTime(), this.now().getTime());
    const out: Candle[] = [];
    for (let since = from; since < to; ) {
      const page = await this.call(`fetchOHLCV ${symbol}`, () =>
        this.exchange.fetchOHLCV(symbol, timeframe, since, limit),
      );
      let next = since;
      for (const [time, open, high, low, close] of page) {
        if (typeof time !== 'number' || time < since) continue;
        next = Math.max(next, time + sourceMs);
        if (time + sourceMs > to) continue;
        if ([open, high, low, close].some((v) => typeof v !== 'number' || !(v > 0))) {
          throw new MarketFeedError(
            `${this.label} sent a malformed ${symbol} candle at ${new Date(time).toISOString()}`,
          );
        }
        out.push({
          time: new Date(time),
          open: open as number,
          high: high as number,
          low: low as number,
          close: close as number,
        });
      }
      // Nothing newer: the exchange has no candle between here and now.
      if (next === since || page.length < limit) break;
      since = next;
    }
    return sourceMs === query.intervalMs ? out : aggregateCandles(out, query.intervalMs);
  }

  async close(): Promise<void> {
    await this.exchange.close();
  }

  private ohlcvLimit(): number {
    const features = this.exchange.features as { spot?: { fetchOHLCV?: { limit?: number } } } | undefined;
    return features?.spot?.fetchOHLCV?.limit ?? DEFAULT_OHLCV_LIMIT;
  }

  private market(symbol: string): Market | undefined {
    const market = this.exchange.markets?.[symbol];
    return market?.spot ? market : undefined;
  }

  private instrument(asset: string): Instrument {
    return tradedInstrument(this.traded, asset);
  }

  private async loadMarkets(): Promise<void> {
    await this.call('loadMarkets', () => this.exchange.loadMarkets(true));
    this.marketsLoadedAt = Date.now();
  }

  /** A ccxt call with bounded retries on network errors, rate limits (after Retry-After) and 5xx. */
  private call<T>(what: string, run: () => Promise<T>): Promise<T> {
    const { ccxt, exchange } = this;
    const advise = (error: unknown): RetryAdvice => {
      if (error instanceof ccxt.RateLimitExceeded || error instanceof ccxt.DDoSProtection) {
        const headers = (exchange.last_response_headers ?? {}) as Record<string, string | undefined>;
        const afterMs = retryAfterMs(headers['Retry-After']);
        return afterMs === undefined ? { retry: true } : { retry: true, afterMs };
      }
      return { retry: error instanceof ccxt.NetworkError };
    };
    return withRetries(`${this.label} ${what}`, run, {
      attempts: this.options.attempts,
      advise,
      logger: this.options.logger,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    }).catch((error: unknown) => {
      if (error instanceof MarketFeedError) throw error;
      throw new MarketFeedError(`${this.label} ${what} failed: ${(error as Error).message}`);
    });
  }
}
