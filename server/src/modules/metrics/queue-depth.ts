import { QUEUES } from '@signalroom/shared';
import { closeRedis } from '@signalroom/shared/node';
import { Queue } from 'bullmq';
import type { ServerContext } from '../../context.js';
import type { ServerMetrics } from './metrics.registry.js';

/** BullMQ key prefix of the deployment's queues: under the Redis namespace, as the worker uses it. */
export function queuePrefix(ctx: Pick<ServerContext, 'config'>): string {
  return `${ctx.config.REDIS_NAMESPACE}:bull`;
}

/**
 * In the distributed shape, answers "jobs per state" for the queue-depth gauge at scrape time from
 * the signals queue. The embedded shape has no queue: the gauge stays empty there.
 */
export function startQueueDepthProbe(ctx: ServerContext, metrics: ServerMetrics): { close(): Promise<void> } | null {
  if (!ctx.redis) return null;
  const connection = ctx.redis.duplicate({ maxRetriesPerRequest: 1 });
  connection.on('error', () => {});
  const queue = new Queue(QUEUES.signals, { connection, prefix: queuePrefix(ctx) });
  queue.on('error', () => {
    // Redis outages surface through /api/health; a failed scrape leaves the gauge empty.
  });
  metrics.setQueueCountsProvider(() =>
    withTimeout(queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'), 2000),
  );
  return {
    async close() {
      metrics.setQueueCountsProvider(null);
      await queue.close().catch(() => {});
      // A connection handed to BullMQ stays ours to close.
      await closeRedis(connection);
    },
  };
}

/** A scrape must not hang on a Redis outage: no answer in time counts as no figure. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
