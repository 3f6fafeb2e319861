import { startSignalWorker } from '@signalroom/worker';
import type { ServerContext } from './context.js';

export interface EmbeddedWorker {
  close(): Promise<void>;
}

/**
 * The embedded shape: runs the signal worker inside this process, sharing its database and bus (PGlite
 * is single-process). Without REDIS_URL the jobs run on in-process timers; with EMBEDDED_WORKER=true
 * and Redis they run on BullMQ, exactly as the standalone worker does.
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
    redisUrl: ctx.config.REDIS_URL,
    namespace: ctx.config.REDIS_NAMESPACE,
    schedulerCheckMs: ctx.config.SCHEDULER_CHECK_MS,
    now: ctx.now,
  });
  return { close: () => worker.close() };
}
