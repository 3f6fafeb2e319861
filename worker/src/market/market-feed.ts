/** One OHLC candle; `time` is when it opened. */
export interface Candle {
  time: Date;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface CandleQuery {
  /** The last candle closes at `end`. */
  end: Date;
  intervalMs: number;
  count: number;
}

/**
 * Where prices come from. Signals are generated and resolved against the same feed, so an outcome is
 * judged on the prices the signal was issued on.
 */
export interface MarketFeed {
  readonly source: 'simulated' | 'feed';
  /** The price of an asset at an instant (the last one at or before it); without `at`, the latest. */
  priceAt(asset: string, at?: Date): Promise<number>;
  /** `count` consecutive candles of `intervalMs`, oldest first, the last one closing at `end`. */
  candles(asset: string, query: CandleQuery): Promise<Candle[]>;
  close?(): Promise<void>;
}
