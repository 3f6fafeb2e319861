import type { ServerContext } from '../../context.js';
import type { ServerMetrics } from '../../observability/metrics.registry.js';

/**
 * Answers "jobs per state" for the queue-depth gauge at scrape time from the signals queue. Without a
 * job queue (jobs on in-process timers) the gauge stays empty.
 */
export function startQueueDepthProbe(ctx: ServerContext, metrics: ServerMetrics): { close(): Promise<void> } | null {
  const queue = ctx.signalQueue;
  if (!queue) return null;
  // Redis outages surface through /api/health; a failed scrape leaves the gauge empty.
  metrics.setQueueCountsProvider(() =>
    withTimeout(queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'), 2000),
  );
  return {
    async close() {
      // The queue is the process's (server.ts closes it); only the gauge lets go of it.
      metrics.setQueueCountsProvider(null);
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
