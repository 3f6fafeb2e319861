import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Candle, MarketFeed } from '@signalroom/shared-node/market';
import { CandleHistory } from './candle-history.js';

/** Candles per request: within every provider's page limit (OANDA 5,000, most exchanges 500-1,000). */
export const HISTORY_PAGE = 500;

/**
 * An instrument's history from a feed, through the same `candles` call the engine makes, a page at a
 * time from `from` to `to`, as candles of `intervalMs`. Between pages it yields to the event loop, so a
 * server that loads a week of history keeps answering, and stops when `signal` is aborted.
 */
export async function loadFeedHistory(
  feed: MarketFeed,
  asset: string,
  range: { from: number; to: number; intervalMs: number },
  signal?: AbortSignal,
): Promise<CandleHistory> {
  const { intervalMs } = range;
  const first = Math.floor(range.from / intervalMs) * intervalMs;
  const candles: Candle[] = [];
  for (let start = first; start < range.to; start += HISTORY_PAGE * intervalMs) {
    signal?.throwIfAborted();
    const count = Math.min(HISTORY_PAGE, Math.ceil((range.to - start) / intervalMs));
    const page = await feed.candles(asset, { end: new Date(start + count * intervalMs), intervalMs, count });
    const last = candles[candles.length - 1]?.time.getTime() ?? Number.NEGATIVE_INFINITY;
    // A page may repeat the candle at its edge, or skip a closed market: keep time order, no repeats.
    for (const c of page) if (c.time.getTime() > last && c.time.getTime() + intervalMs <= range.to) candles.push(c);
    await nextTurn();
  }
  return new CandleHistory(candles, intervalMs);
}
