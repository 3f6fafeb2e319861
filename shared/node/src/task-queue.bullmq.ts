import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import type { ModuleLogger } from './logger.js';
import { closeRedis, type RedisConnections } from './redis-clients.js';
import { createDefinitions, TASK_QUEUE, type TaskCounts, type TaskQueue, taskKey } from './task-queue.js';

const keepFailed = { count: 1000 };
/** BullMQ takes a job with a priority only when no job without one is waiting: background kinds get this one. */
const BACKGROUND_PRIORITY = 100;
/** How long a task of a kind at its own concurrency waits before it is offered again. */
const KIND_BUSY_DELAY_MS = 250;

/**
 * The distributed shape's task queue: one BullMQ queue, consumed by every process that calls start()
 * (each server process); a process that only schedules (the signal worker) never starts it. Delayed
 * jobs carry the time, ids `kind.id` make a task unique, and retries back off exponentially.
 */
export function createBullmqTaskQueue(options: {
  redis: RedisConnections;
  logger: ModuleLogger;
  concurrency?: number;
  /** How long close() waits for running tasks (and Redis) before it drops the connections. */
  closeTimeoutMs?: number;
}): TaskQueue {
  const { logger, redis } = options;
  const registry = createDefinitions(logger);
  const prefix = TASK_QUEUE.prefix(redis.namespace);
  const connection = redis.open('listener', 'task queue');
  const queue = new Queue(TASK_QUEUE.name, { connection, prefix });
  queue.on('error', (error) => logger.debug({ err: error }, 'task queue command failed'));
  let worker: Worker | null = null;
  let workerConnection: ReturnType<RedisConnections['open']> | null = null;

  function jobOptions(kind: string, id: string, runAt: Date | undefined) {
    const definition = registry.require(kind);
    return {
      jobId: taskKey(kind, id),
      delay: Math.max(0, (runAt?.getTime() ?? 0) - Date.now()),
      attempts: definition.attempts,
      backoff: { type: 'exponential', delay: definition.backoffMs },
      ...(definition.background ? { priority: BACKGROUND_PRIORITY } : {}),
      removeOnComplete: true,
      removeOnFail: keepFailed,
    };
  }

  async function replace(kind: string, id: string, payload: unknown, runAt: Date | undefined): Promise<void> {
    const opts = jobOptions(kind, id, runAt);
    // A job id is taken until its job is gone: the pending (or failed) one goes first. A run in progress
    // cannot be removed and keeps the id, so the handler must read the current state, not the payload only.
    await queue.remove(opts.jobId).catch(() => 0);
    await queue.add(kind, payload, opts);
  }

  async function restore(): Promise<void> {
    for (const { kind, task } of await registry.restorable()) {
      const existing = await queue.getJob(taskKey(kind, task.id));
      // Already queued for (about) that time: left alone, so several processes starting do not churn it.
      if (existing && !task.runAt) continue;
      const due = existing ? existing.timestamp + (existing.opts.delay ?? 0) : Number.NaN;
      if (task.runAt && Math.abs(due - task.runAt.getTime()) < 1000) continue;
      await replace(kind, task.id, task.payload, task.runAt);
    }
  }

  /** Tasks running now in this process, per kind (for kinds with a concurrency of their own). */
  const runningOfKind = new Map<string, number>();

  async function process(job: Job, token?: string): Promise<void> {
    const definition = registry.require(job.name);
    const running = runningOfKind.get(job.name) ?? 0;
    if (definition.concurrency && running >= definition.concurrency && token) {
      // Back to the delayed set without counting as an attempt, freeing the worker's slot for other kinds.
      await job.moveToDelayed(Date.now() + KIND_BUSY_DELAY_MS, token);
      throw new DelayedError();
    }
    runningOfKind.set(job.name, running + 1);
    try {
      const id = String(job.id).slice(job.name.length + 1);
      await definition.handler(job.data, { id, attempt: job.attemptsMade + 1 });
    } finally {
      runningOfKind.set(job.name, (runningOfKind.get(job.name) ?? 1) - 1);
    }
  }

  return {
    define: registry.define,
    schedule: (kind, id, payload, runAt) => replace(kind, id, payload, runAt),
    async scheduleMany(kind, tasks) {
      await queue.addBulk(
        tasks.map((task) => ({ name: kind, data: task.payload, opts: jobOptions(kind, task.id, task.runAt) })),
      );
    },
    async cancel(kind, id) {
      // A task already running or gone cannot be removed, which is what cancelling it asks.
      await queue.remove(taskKey(kind, id)).catch(() => 0);
    },
    async counts(): Promise<TaskCounts> {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
      return {
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
      };
    },
    async start() {
      if (worker) return;
      await restore();
      workerConnection = redis.open('listener', 'task worker');
      worker = new Worker(TASK_QUEUE.name, process, {
        connection: workerConnection,
        prefix,
        concurrency: options.concurrency ?? 8,
      });
      worker.on('failed', (job, error) =>
        logger.warn({ kind: job?.name, job: job?.id, attempt: job?.attemptsMade, err: error }, 'task failed'),
      );
      worker.on('error', (error) => logger.warn({ err: error }, 'task worker error'));
      // Redis restarted empty (no persistence, a failover): what the database says is pending comes back.
      let readyBefore = workerConnection.status === 'ready';
      workerConnection.on('ready', () => {
        if (readyBefore) void restore().catch((error) => logger.warn({ err: error }, 'task restore failed'));
        readyBefore = true;
      });
    },
    async close() {
      // Running tasks may finish while Redis answers; with Redis gone, BullMQ's close would wait for it
      // for ever (its connections retry by design), so the wait is bounded and the connections dropped.
      const finishing = Promise.all([worker?.close(), queue.close()]);
      await Promise.race([
        finishing,
        new Promise((resolve) => setTimeout(resolve, options.closeTimeoutMs ?? 5000).unref()),
      ]);
      if (workerConnection) await closeRedis(workerConnection);
      await closeRedis(connection);
      finishing.catch((error: unknown) => logger.debug({ err: error }, 'task queue closed with Redis unreachable'));
    },
  };
}
