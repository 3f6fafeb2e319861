import { fxWeekendClosure, marketFeedLabel } from '@signalroom/shared';
import type { ModuleLogger } from '../../logger.js';
import type { AssetMapping } from '../market-config.js';
import {
  aggregateCandles,
  type Candle,
  type CandleQuery,
  closeAt,
  type Instrument,
  type InstrumentState,
  type MarketFeed,
  MarketFeedError,
  type Quote,
  roundTo,
  sourceInterval,
  tradedInstrument,
} from '../market-feed.js';
import { OandaClient, type OandaClientOptions } from './oanda-client.js';
import { OANDA_GRANULARITIES, OANDA_MAX_CANDLES, type TOandaClientPrice } from './oanda-schemas.js';

const GRANULARITY_BY_MS = new Map(OANDA_GRANULARITIES.map(([name, ms]) => [ms, name]));
const OFFERED_MS = OANDA_GRANULARITIES.map(([, ms]) => ms);
const FINEST_MS = Math.min(...OFFERED_MS);
/** The pricing answer is shared this long (the ticker asks for every instrument each second). */
const PRICING_TTL_MS = 500;
/** An instant this close to now counts as now: the pricing's `tradeable` flag speaks for it. */
const NOW_TOLERANCE_MS = 60_000;

export interface OandaFeedOptions extends OandaClientOptions {
  environment: 'practice' | 'live';
  assets: readonly AssetMapping[];
  staleAfterMs: number;
  logger?: ModuleLogger | undefined;
  now?: () => Date;
}

/**
 * FX and metals from OANDA v20: midpoint candles (S5 and up; other intervals built from the coarsest
 * granularity that divides them), the account's pricing for the live price and the `tradeable` flag, and
 * the FX week (closed from Friday 17:00 to Sunday 17:00 New York time). Instruments and their decimals
 * come from the account's instrument list, checked against the configuration when the feed starts.
 */
export class OandaFeed implements MarketFeed {
  readonly id: string;
  readonly label: string;
  private readonly client: OandaClient;
  private readonly now: () => Date;
  private traded: Instrument[] = [];
  private pricingCache: { at: number; prices: Promise<TOandaClientPrice[]> } | null = null;

  private constructor(private readonly options: OandaFeedOptions) {
    this.id = `oanda:${options.environment}`;
    this.label = marketFeedLabel(this.id);
    this.client = new OandaClient(options);
    this.now = options.now ?? (() => new Date());
  }

  /** Connects: reads the account's instruments and refuses to start when one configured is not listed. */
  static async start(options: OandaFeedOptions): Promise<OandaFeed> {
    const feed = new OandaFeed(options);
    const listed = new Map((await feed.client.accountInstruments()).map((i) => [i.name, i]));
    const missing = options.assets.filter((a) => !listed.has(a.symbol));
    if (missing.length) {
      throw new MarketFeedError(
        `SIGNAL_ASSETS: OANDA does not list ${missing.map((a) => `${a.symbol} (${a.asset})`).join(', ')} for this account`,
      );
    }
    feed.traded = options.assets.map((a) => ({
      asset: a.asset,
      symbol: a.symbol,
      decimals: listed.get(a.symbol)?.displayPrecision ?? 5,
    }));
    return feed;
  }

  instruments(): readonly Instrument[] {
    return this.traded;
  }

  async instrumentState(asset: string, at: Date = this.now()): Promise<InstrumentState> {
    const week = fxWeekendClosure(at);
    if (!week.open)
      return { open: false, nextOpenAt: week.nextOpenAt, reason: 'the FX market is closed for the weekend' };
    if (Math.abs(at.getTime() - this.now().getTime()) > NOW_TOLERANCE_MS) return { open: true };
    const price = await this.price(asset);
    if (price.tradeable) return { open: true };
    return { open: false, nextOpenAt: null, reason: `OANDA reports ${price.instrument} not tradeable` };
  }

  async latestPrice(asset: string): Promise<Quote> {
    const price = await this.price(asset);
    const bid = price.bids[0]?.price ?? price.closeoutBid;
    const ask = price.asks[0]?.price ?? price.closeoutAsk;
    return { price: roundTo((bid + ask) / 2, this.instrument(asset).decimals + 1), time: new Date(price.time) };
  }

  priceAt(asset: string, at: Date): Promise<number> {
    return closeAt(this, asset, at, FINEST_MS, this.options.staleAfterMs);
  }

  async candles(asset: string, query: CandleQuery): Promise<Candle[]> {
    const { symbol } = this.instrument(asset);
    const sourceMs = sourceInterval(OFFERED_MS, query.intervalMs, this.label);
    const granularity = GRANULARITY_BY_MS.get(sourceMs) as string;
    const from = query.end.getTime() - query.count * query.intervalMs;
    // OANDA refuses a range that ends in the future; what has not happened yet has no candle anyway.
    const to = Math.min(query.end.getTime(), this.now().getTime());
    const out: Candle[] = [];
    for (let pageFrom = from; pageFrom < to; pageFrom += OANDA_MAX_CANDLES * sourceMs) {
      const pageTo = Math.min(to, pageFrom + OANDA_MAX_CANDLES * sourceMs);
      const page = await this.client.candles(symbol, { granularity, from: new Date(pageFrom), to: new Date(pageTo) });
      for (const c of page) {
        const time = Date.parse(c.time);
        // Only finished candles, and only inside the page (a provider may include the one at `to`).
        if (!c.complete || time < pageFrom || time + sourceMs > pageTo) continue;
        out.push({ time: new Date(time), open: c.mid.o, high: c.mid.h, low: c.mid.l, close: c.mid.c });
      }
    }
    return sourceMs === query.intervalMs ? out : aggregateCandles(out, query.intervalMs);
  }

  private instrument(asset: string): Instrument {
    return tradedInstrument(this.traded, asset);
  }

  /** One pricing request for every traded instrument, shared for PRICING_TTL_MS. */
  private async price(asset: string): Promise<TOandaClientPrice> {
    const { symbol } = this.instrument(asset);
    const at = Date.now();
    if (!this.pricingCache || at - this.pricingCache.at > PRICING_TTL_MS) {
      const prices = this.client.pricing(this.traded.map((i) => i.symbol));
      this.pricingCache = { at, prices };
      // A failed read is not cached (its caller gets the error); the next read asks again.
      prices.catch(() => {
        if (this.pricingCache?.prices === prices) this.pricingCache = null;
      });
    }
    const found = (await this.pricingCache.prices).find((p) => p.instrument === symbol);
    if (!found) throw new MarketFeedError(`OANDA sent no price for ${symbol}`);
    return found;
  }
}
