import { startSignalWorker } from '@signalroom/worker';
import type { ServerContext } from './context.js';

export interface EmbeddedWorker {
  close(): Promise<void>;
}

/**
 * The embedded worker: runs the signal worker inside this process, sharing its database, bus and Redis
 * connections (PGlite is single-process). Given no Redis the jobs run on in-process timers; given Redis
 * (EMBEDDED_WORKER=true in the distributed shape) they run on BullMQ, as the standalone worker's do.
 */
export async function startEmbeddedWorker(ctx: ServerContext): Promise<EmbeddedWorker | null> {
  const worker = await startSignalWorker({
    db: ctx.db,
    bus: ctx.bus,
    logger: ctx.logger.child({ module: 'worker' }),
    timeZone: ctx.config.TIME_ZONE,
    intervalMs: ctx.config.SIGNAL_INTERVAL_MS,
    marketFeedUrl: ctx.config.MARKET_FEED_URL,
    marketSeed: ctx.config.MARKET_SEED,
    payoutPercent: ctx.config.PAYOUT_PERCENT,
    backtestSlots: ctx.config.BACKTEST_SLOTS,
    redis: ctx.redis,
    schedulerCheckMs: ctx.config.SCHEDULER_CHECK_MS,
    now: ctx.now,
  });
  return { close: () => worker.close() };
}
