import type { TBacktestReport } from '@signalroom/shared';
import type { MarketFeed } from '@signalroom/shared-node/market';
import type { Strategy } from '../strategy/strategy.js';
import { readCandleCsv } from './candle-csv.js';
import { CandleHistory } from './candle-history.js';
import { loadFeedHistory } from './feed-history.js';
import { type ReplayResult, replay, replayYielding } from './replay.js';
import { backtestReport } from './report.js';

type ReplayOptions = {
  strategy: Strategy;
  windowMs: number;
  from: number;
  to: number;
  payoutPercent: number;
  source: string;
};

/** A replay over given histories: the slots of [from, to), the report at the payout. */
export function backtestHistories(
  histories: ReadonlyMap<string, CandleHistory>,
  options: ReplayOptions,
): TBacktestReport {
  return reportOf(replay(replayInput(histories, options)), histories, options);
}

function replayInput(histories: ReadonlyMap<string, CandleHistory>, options: ReplayOptions) {
  return { histories, strategy: options.strategy, windowMs: options.windowMs, from: options.from, to: options.to };
}

function reportOf(
  run: ReplayResult,
  histories: ReadonlyMap<string, CandleHistory>,
  options: ReplayOptions,
): TBacktestReport {
  return backtestReport(run, {
    strategy: options.strategy.name,
    source: options.source,
    assets: [...histories.keys()],
    from: new Date(options.from).toISOString(),
    to: new Date(options.to).toISOString(),
    windowMs: options.windowMs,
    candles: [...histories.values()].reduce((n, h) => n + h.length, 0),
    payoutPercent: options.payoutPercent,
  });
}

/**
 * The history a strategy needs before `from` to make its first call: its lookback, in the candles the
 * source gives (`finestMs`), and the interval those candles come in.
 */
export function lookbackOf(
  strategy: Strategy,
  windowMs: number,
  finestMs?: number,
): { intervalMs: number; spanMs: number } {
  const { intervalMs, count } = strategy.lookback(windowMs, finestMs);
  return { intervalMs, spanMs: intervalMs * count };
}

/** The engine's instruments replayed together from a feed, as the engine picks among them. */
export async function backtestFeed(
  feed: MarketFeed,
  assets: readonly string[],
  options: ReplayOptions,
  signal?: AbortSignal,
): Promise<TBacktestReport> {
  const { intervalMs, spanMs } = lookbackOf(options.strategy, options.windowMs);
  const histories = new Map<string, CandleHistory>();
  for (const asset of assets) {
    histories.set(
      asset,
      await loadFeedHistory(feed, asset, { from: options.from - spanMs, to: options.to, intervalMs }, signal),
    );
  }
  // The worker runs this beside live signals: the replay hands the event loop back every few slots.
  return reportOf(await replayYielding(replayInput(histories, options), signal), histories, options);
}

export interface BacktestOptions {
  feedName: string;
  asset: string;
  /** Epoch ms; with a candles file, the file's own range when absent. */
  from: number | undefined;
  to: number | undefined;
  candlesFile: string | undefined;
  payoutPercent: number;
  windowMs: number;
  json: boolean;
}

/**
 * The command's backtest of one instrument: from a candles file (the candles after `to` left out, so no
 * window is judged on prices past the range) or from the feed.
 */
export async function runBacktest(
  options: BacktestOptions,
  deps: { feed: MarketFeed | null; strategy: Strategy },
): Promise<TBacktestReport> {
  const { strategy, feed } = deps;
  const common = { strategy, windowMs: options.windowMs, payoutPercent: options.payoutPercent };
  if (options.candlesFile) {
    const parsed = await readCandleCsv(options.candlesFile);
    const all = new CandleHistory(parsed);
    const span = all.span() as { from: number; to: number };
    const to = options.to ?? span.to;
    const from = options.from ?? span.from + lookbackOf(strategy, options.windowMs, all.intervalMs).spanMs;
    const inRange = parsed.filter((c) => c.time.getTime() + all.intervalMs <= to);
    const histories = new Map([[options.asset, new CandleHistory(inRange, all.intervalMs)]]);
    return backtestHistories(histories, {
      ...common,
      from,
      to,
      source: `${options.candlesFile} (${options.feedName})`,
    });
  }
  if (!feed || options.from === undefined || options.to === undefined) throw new Error('a feed and a range are needed');
  return backtestFeed(feed, [options.asset], {
    ...common,
    from: options.from,
    to: options.to,
    source: options.feedName,
  });
}
