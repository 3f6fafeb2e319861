/** One OHLC candle; `time` is when it opened. */
export interface Candle {
  time: Date;
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * Candles that opened in [end − count × intervalMs, end), oldest first: `count` of them where the market
 * traded throughout, fewer across a gap (a closed market, a minute without a trade). A feed pages through
 * its provider's per-request limit, so a year of minutes is one call.
 */
export interface CandleQuery {
  /** The last candle closes at `end`. */
  end: Date;
  intervalMs: number;
  count: number;
}

/** An instrument the feed trades: our name, the provider's symbol, and the decimals it quotes. */
export interface Instrument {
  asset: string;
  symbol: string;
  decimals: number;
}

/** Whether an instrument can be traded at an instant; when not, why and when it opens again (null: unknown). */
export type InstrumentState = { open: true } | { open: false; nextOpenAt: Date | null; reason: string };

/** The newest price the provider has, and when it was made. */
export interface Quote {
  price: number;
  time: Date;
}

/**
 * Where prices come from. Signals are generated and resolved against the same feed, so an outcome is
 * judged on the prices the signal was issued on. The engine, the price ticker, the stream and the desk
 * use only this; which provider answers is the factory's business (createMarketFeed).
 */
export interface MarketFeed {
  /** The feed's id, stored with each signal: 'simulated', 'oanda:practice', 'ccxt:binance', 'http'. */
  readonly id: string;
  /** How pages name it: "OANDA (practice)", "Binance via ccxt". */
  readonly label: string;
  /** The configured instruments, as the provider listed them at start (decimals from its data). */
  instruments(): readonly Instrument[];
  /** Whether an asset can be traded at `at` (default now): market hours and what the provider says. */
  instrumentState(asset: string, at?: Date): Promise<InstrumentState>;
  /** The provider's newest price of an asset (the live ticker, the desk's entry price). */
  latestPrice(asset: string): Promise<Quote>;
  /**
   * The price of an asset at an instant: the close of the last candle ending at or before it. Throws
   * PriceUnavailableError while that candle is not there yet or is older than the staleness bound.
   */
  priceAt(asset: string, at: Date): Promise<number>;
  candles(asset: string, query: CandleQuery): Promise<Candle[]>;
  close?(): Promise<void>;
}

/** A provider failed or answered something unusable: the slot or step has no data, never a guess. */
export class MarketFeedError extends Error {
  override name = 'MarketFeedError';
}

/**
 * The price at an instant is not to be had (yet): the candle ending there is missing or stale. A
 * resolution waits and tries again; past SIGNAL_VOID_AFTER_MS the signal is void.
 */
export class PriceUnavailableError extends MarketFeedError {
  override name = 'PriceUnavailableError';
}

/** The instrument a feed trades under this name; throws for one it does not. */
export function tradedInstrument(traded: readonly Instrument[], asset: string): Instrument {
  const found = traded.find((i) => i.asset === asset);
  if (!found) throw new MarketFeedError(`${asset} is not an instrument this feed trades`);
  return found;
}

/** Decimals of a tick size or precision step (0.00001 → 5, 0.01 → 2, 1 → 0). */
export function decimalsOf(step: number): number {
  if (!(step > 0)) return 0;
  return Math.max(0, Math.round(-Math.log10(step)));
}

/** Rounds a price to an instrument's quoted decimals. */
export function roundTo(price: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(price * factor) / factor;
}

/**
 * Candles of `intervalMs` built from finer ones (aligned on multiples of intervalMs since the epoch, as
 * slots are): the first open, the highest high, the lowest low, the last close of each bucket.
 */
export function aggregateCandles(candles: readonly Candle[], intervalMs: number): Candle[] {
  const out: Candle[] = [];
  for (const c of candles) {
    const start = Math.floor(c.time.getTime() / intervalMs) * intervalMs;
    const last = out[out.length - 1];
    if (last && last.time.getTime() === start) {
      last.high = Math.max(last.high, c.high);
      last.low = Math.min(last.low, c.low);
      last.close = c.close;
    } else out.push({ time: new Date(start), open: c.open, high: c.high, low: c.low, close: c.close });
  }
  return out;
}

/**
 * The provider interval to ask for `intervalMs`: the same if offered, else the coarsest offered one that
 * divides it (its candles are then aggregated). Throws when the provider offers neither.
 */
export function sourceInterval(offered: readonly number[], intervalMs: number, feed: string): number {
  if (offered.includes(intervalMs)) return intervalMs;
  const divisors = offered.filter((ms) => ms < intervalMs && intervalMs % ms === 0);
  const best = Math.max(...divisors);
  if (!Number.isFinite(best)) {
    throw new MarketFeedError(`${feed} offers no candles of ${intervalMs / 1000} s or of a divisor of it`);
  }
  return best;
}

/**
 * The price at `at` from a feed's finest candles: the close of the last one that ended by `at`, within
 * `staleAfterMs`. The feeds of real providers share this reading, so an entry and an exit are the same
 * kind of number.
 */
export async function closeAt(
  feed: Pick<MarketFeed, 'candles'>,
  asset: string,
  at: Date,
  finestMs: number,
  staleAfterMs: number,
): Promise<number> {
  const end = new Date(Math.floor(at.getTime() / finestMs) * finestMs);
  const count = Math.max(1, Math.ceil(staleAfterMs / finestMs));
  const last = (await feed.candles(asset, { end, intervalMs: finestMs, count })).at(-1);
  if (!last) {
    throw new PriceUnavailableError(`no ${asset} price within ${staleAfterMs / 1000} s before ${at.toISOString()}`);
  }
  return last.close;
}
