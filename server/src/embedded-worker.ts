import { type MarketFeed, startSignalWorker } from '@signalroom/worker';
import type { ServerContext } from './context.js';

export interface EmbeddedWorker {
  close(): Promise<void>;
}

/** How long the embedded worker waits before asking an unreachable market feed again. */
const FEED_RETRY_MS = 30_000;

/**
 * The embedded worker: runs the signal worker inside this process, sharing its database, bus and Redis
 * connections (PGlite is single-process). Given no Redis the jobs run on in-process timers; given Redis
 * (EMBEDDED_WORKER=true in the distributed shape) they run on BullMQ, as the standalone worker's do.
 * It runs on the server's own feed (one connection to the provider per process); while that feed cannot
 * connect (the provider is down, or does not list a configured instrument) the server serves everything
 * else, says why in its log, and the worker starts as soon as the feed connects.
 */
export async function startEmbeddedWorker(ctx: ServerContext): Promise<EmbeddedWorker | null> {
  const logger = ctx.logger.child({ module: 'worker' });
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let worker: Awaited<ReturnType<typeof startSignalWorker>> | null = null;

  const start = (feed: MarketFeed) =>
    startSignalWorker({
      db: ctx.db,
      bus: ctx.bus,
      logger,
      timeZone: ctx.config.TIME_ZONE,
      intervalMs: ctx.config.SIGNAL_INTERVAL_MS,
      feed,
      staleAfterMs: ctx.config.MARKET_STALE_AFTER_MS,
      voidAfterMs: ctx.config.SIGNAL_VOID_AFTER_MS,
      deskSkipsSlot: ctx.config.DESK_SKIPS_ENGINE_SLOT,
      deskInAllowance: ctx.config.DESK_IN_ALLOWANCE,
      payoutPercent: ctx.config.PAYOUT_PERCENT,
      backtestSlots: ctx.config.BACKTEST_SLOTS,
      redis: ctx.redis,
      schedulerCheckMs: ctx.config.SCHEDULER_CHECK_MS,
      countdownSyncMs: ctx.config.COUNTDOWN_SYNC_MS,
      now: ctx.now,
    });

  const connect = async (): Promise<MarketFeed | null> => {
    try {
      return await ctx.market.feed();
    } catch (error) {
      logger.error({ err: error, retryInMs: FEED_RETRY_MS }, 'market feed not connected; no signal until it is');
      return null;
    }
  };

  const retry = () => {
    timer = setTimeout(() => {
      void connect().then(async (feed) => {
        if (closed) return;
        if (!feed) return retry();
        worker = await start(feed).catch((error: unknown) => {
          logger.error({ err: error }, 'signal worker did not start');
          return null;
        });
      });
    }, FEED_RETRY_MS);
    timer.unref();
  };

  const feed = await connect();
  if (feed) worker = await start(feed);
  else retry();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await worker?.close();
    },
  };
}
