import { type Database, hasBacktestFor, type ModuleLogger, saveBacktest } from '@signalroom/shared-node';
import type { MarketFeed } from '@signalroom/shared-node/market';
import type { Kysely } from 'kysely';
import type { Strategy } from '../strategy/strategy.js';
import { backtestFeed } from './run-backtest.js';

/** How often the refresher looks whether today's backtest exists. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface BacktestRefresher {
  /** Runs today's backtest if none is stored yet (what the timer does); resolves when done. */
  refresh(): Promise<void>;
  /** Stops the timers and a run in progress (it stops between pages or slots), and waits for it. */
  close(): Promise<void>;
}

/**
 * The worker's own backtest, once a UTC day: the engine's strategy replayed over its feed's last `slots`
 * slots, on every instrument the engine trades and with its pick of the strongest, judged as live signals
 * are, stored for the Gold Room to show beside the live record. The worker runs it (it holds the feed and
 * the strategy, and in the embedded shape it is the server process, which alone may write the database).
 */
export function startBacktestRefresher(options: {
  db: Kysely<Database>;
  feed: MarketFeed;
  strategy: Strategy;
  intervalMs: number;
  payoutPercent: number;
  slots: number;
  logger: ModuleLogger;
  now: () => Date;
}): BacktestRefresher {
  const { db, logger } = options;
  let running: Promise<void> | null = null;
  const stop = new AbortController();

  async function run(): Promise<void> {
    const now = options.now();
    const periodKey = now.toISOString().slice(0, 10);
    if (await hasBacktestFor(db, periodKey)) return;
    const to = Math.floor(now.getTime() / options.intervalMs) * options.intervalMs;
    const started = performance.now();
    const assets = options.feed.instruments().map((instrument) => instrument.asset);
    const report = await backtestFeed(
      options.feed,
      assets,
      {
        strategy: options.strategy,
        windowMs: options.intervalMs,
        from: to - options.slots * options.intervalMs,
        to,
        payoutPercent: options.payoutPercent,
        source: options.feed.id,
      },
      stop.signal,
    );
    await saveBacktest(db, { periodKey, ranAt: options.now(), report });
    logger.info(
      { period: periodKey, signals: report.signals, ms: Math.round(performance.now() - started) },
      'backtest stored',
    );
  }

  function refresh(): Promise<void> {
    running ??= run()
      .catch((error) => {
        if (!stop.signal.aborted) logger.warn({ err: error }, 'backtest failed; the next check tries again');
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const first = setTimeout(() => void refresh(), 0);
  const timer = setInterval(() => void refresh(), CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    refresh,
    async close() {
      clearTimeout(first);
      clearInterval(timer);
      stop.abort();
      await running;
    },
  };
}
