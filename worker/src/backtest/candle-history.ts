import type { Candle } from '@signalroom/shared-node/market';

/**
 * One instrument's candles held in memory for a replay, with the reads the replay needs. Every read is
 * bounded by an instant and uses only candles that had closed by then: a candle opening at t with the
 * history's interval closes at t + interval, and counts only once that is at or before the instant asked.
 */
export class CandleHistory {
  private readonly times: Float64Array;
  private readonly opens: Float64Array;
  private readonly highs: Float64Array;
  private readonly lows: Float64Array;
  private readonly closes: Float64Array;

  /** `candles` oldest first, strictly increasing; `intervalMs` the length of each (see baseIntervalOf). */
  constructor(
    candles: readonly Candle[],
    readonly intervalMs: number = baseIntervalOf(candles),
  ) {
    const n = candles.length;
    this.times = new Float64Array(n);
    this.opens = new Float64Array(n);
    this.highs = new Float64Array(n);
    this.lows = new Float64Array(n);
    this.closes = new Float64Array(n);
    candles.forEach((c, i) => {
      this.times[i] = c.time.getTime();
      this.opens[i] = c.open;
      this.highs[i] = c.high;
      this.lows[i] = c.low;
      this.closes[i] = c.close;
    });
  }

  get length(): number {
    return this.times.length;
  }

  /** When the first candle opened and the last one closed; null when empty. */
  span(): { from: number; to: number } | null {
    const n = this.times.length;
    if (n === 0) return null;
    return { from: this.times[0] as number, to: (this.times[n - 1] as number) + this.intervalMs };
  }

  /** Index of the first candle opening at or after `t`. */
  private firstFrom(t: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.times[mid] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The price at `at`: the close of the last candle closed by then, if it closed within `maxAgeMs` (a
   * quiet minute is no gap; a weekend is). Null otherwise.
   */
  priceAt(at: number, maxAgeMs: number): number | null {
    const i = this.firstFrom(at - this.intervalMs + 1) - 1;
    if (i < 0) return null;
    const closedAt = (this.times[i] as number) + this.intervalMs;
    return at - closedAt <= maxAgeMs ? (this.closes[i] as number) : null;
  }

  /** Highest and lowest price of the candles inside [from, to); null when there are none. */
  range(from: number, to: number): { high: number; low: number } | null {
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (
      let i = this.firstFrom(from);
      i < this.times.length && (this.times[i] as number) + this.intervalMs <= to;
      i += 1
    ) {
      high = Math.max(high, this.highs[i] as number);
      low = Math.min(low, this.lows[i] as number);
    }
    return high >= low ? { high, low } : null;
  }

  /**
   * `count` candles of `intervalMs` (a whole multiple of the history's interval) ending at `end`, as the
   * engine asks a feed for them: each built from the history's candles inside it. An interval without any
   * (a quiet market) repeats the last close. Null when the last interval is empty (no price at `end`) or
   * more than half are.
   */
  candlesEnding(end: number, intervalMs: number, count: number): Candle[] | null {
    if (intervalMs % this.intervalMs !== 0) {
      throw new RangeError(
        `Candles of ${intervalMs} ms cannot be built from a history of ${this.intervalMs} ms candles`,
      );
    }
    const out: Candle[] = [];
    let missing = 0;
    let i = this.firstFrom(end - count * intervalMs);
    let previousClose = i > 0 ? (this.closes[i - 1] as number) : null;
    for (let k = count; k >= 1; k -= 1) {
      const start = end - k * intervalMs;
      const stop = start + intervalMs;
      let open = Number.NaN;
      let high = Number.NEGATIVE_INFINITY;
      let low = Number.POSITIVE_INFINITY;
      let close = Number.NaN;
      for (; i < this.times.length && (this.times[i] as number) < stop; i += 1) {
        if (Number.isNaN(open)) open = this.opens[i] as number;
        high = Math.max(high, this.highs[i] as number);
        low = Math.min(low, this.lows[i] as number);
        close = this.closes[i] as number;
      }
      if (Number.isNaN(open)) {
        missing += 1;
        if (k === 1 || previousClose === null) return null;
        out.push({
          time: new Date(start),
          open: previousClose,
          high: previousClose,
          low: previousClose,
          close: previousClose,
        });
        continue;
      }
      out.push({ time: new Date(start), open, high, low, close });
      previousClose = close;
    }
    return missing * 2 > count ? null : out;
  }
}

/**
 * The length of a history's candles: the most common gap between consecutive ones among the first
 * thousand (gaps from closed markets are longer and rarer). One candle alone: a minute.
 */
export function baseIntervalOf(candles: readonly Candle[]): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < Math.min(candles.length, 1001); i += 1) {
    const gap = (candles[i] as Candle).time.getTime() - (candles[i - 1] as Candle).time.getTime();
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let best = 60_000;
  let bestCount = 0;
  for (const [gap, count] of counts)
    if (count > bestCount || (count === bestCount && gap < best)) [best, bestCount] = [gap, count];
  return best;
}
