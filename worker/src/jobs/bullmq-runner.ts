import { JOBS, nextSignalBoundary, QUEUES, queuePrefix } from '@signalroom/shared';
import type { ModuleLogger } from '@signalroom/shared-node';
import { closeRedis, type RedisConnections } from '@signalroom/shared-node';
import { type Job, Queue, Worker } from 'bullmq';
import type { SignalEngine } from '../engine/signal-engine.js';
import type { Runner } from './in-process-runner.js';
import {
  resolveJobId,
  SIGNAL_SCHEDULER_ID,
  slotForRun,
  ZGenerateSignalJob,
  ZResolveSignalJob,
} from './job-payloads.js';
import type { SlotIssuer } from './slot-issuer.js';

export interface BullmqRunner extends Runner {
  queue: Queue;
}

const keep = { removeOnComplete: { count: 2000 }, removeOnFail: { count: 2000 } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The distributed shape: a BullMQ job scheduler fires on every boundary (one job per slot, id
 * `repeat:signal-slots:<slot ms>`, shared by every worker), and each signal's windows are judged by
 * delayed jobs with deterministic ids. Any number of workers may run this; the database's unique slot
 * key and guarded updates make a duplicate run a no-op.
 */
export async function startBullmqRunner(
  engine: SignalEngine,
  options: {
    redis: RedisConnections;
    issuer: SlotIssuer;
    logger: ModuleLogger;
    concurrency?: number;
    /** How often to check that the job scheduler still exists (ms); 30 s unless a test shortens it. */
    schedulerCheckMs?: number;
  },
): Promise<BullmqRunner> {
  const { logger } = options;
  const connection = options.redis.open('listener', 'signal jobs');
  const prefix = queuePrefix(options.redis.namespace);
  const queue = new Queue(QUEUES.signals, { connection, prefix });

  async function enqueueResolve(signalId: string, at: Date): Promise<void> {
    await queue.add(
      JOBS.resolveSignal,
      { signalId },
      {
        jobId: resolveJobId(signalId, at),
        delay: Math.max(0, at.getTime() - Date.now()),
        attempts: 5,
        backoff: { type: 'exponential', delay: 1000 },
        ...keep,
      },
    );
  }

  async function processGenerate(job: Job): Promise<string> {
    ZGenerateSignalJob.parse(job.data ?? {});
    const nominal = Number(String(job.id).split(':').pop());
    const slotStart = slotForRun(
      Number.isFinite(nominal) ? nominal : job.timestamp + (job.opts.delay ?? 0),
      engine.intervalMs,
    );
    if (!slotStart) return 'not on a boundary';
    const outcome = await options.issuer
      .issue(slotStart)
      .finally(() =>
        engine.attestSlot().catch((error) => logger.error({ err: error }, 'track record checkpoint failed')),
      );
    if (outcome.state === 'issued') await enqueueResolve(outcome.signal.id, new Date(outcome.signal.expiresAt));
    for (const w of await engine.resolveDue()) await enqueueResolve(w.id, w.nextAt);
    return outcome.state === 'issued' ? outcome.signal.id : outcome.state;
  }

  async function processResolve(job: Job): Promise<string> {
    const { signalId } = ZResolveSignalJob.parse(job.data);
    for (;;) {
      const result = await engine.resolveSignal(signalId);
      if (result.state !== 'waiting') return result.state;
      const wait = result.nextAt.getTime() - Date.now();
      // A job woken a hair early waits here; a later window gets its own delayed job.
      if (wait > 2000) {
        await enqueueResolve(signalId, result.nextAt);
        return 'next window scheduled';
      }
      await sleep(Math.max(1, wait + 5));
    }
  }

  const worker = new Worker(
    QUEUES.signals,
    async (job) => (job.name === JOBS.generateSignal ? processGenerate(job) : processResolve(job)),
    { connection, prefix, concurrency: options.concurrency ?? 4 },
  );
  worker.on('failed', (job, error) => logger.error({ job: job?.id, err: error }, 'signal job failed'));
  worker.on('error', (error) => logger.warn({ err: error }, 'signal worker error'));

  async function upsertScheduler(): Promise<void> {
    await queue.upsertJobScheduler(
      SIGNAL_SCHEDULER_ID,
      { every: engine.intervalMs, startDate: nextSignalBoundary(new Date(), engine.intervalMs) },
      { name: JOBS.generateSignal, data: {}, opts: { attempts: 2, backoff: { type: 'fixed', delay: 1000 }, ...keep } },
    );
  }

  /**
   * Redis can lose the scheduler (restarted without persistence, flushed, failed over to an empty
   * replica) and then no slot would ever fire again. Re-create it when missing: on every reconnect and
   * periodically. Resolve jobs went with it, so the active signals' judging is queued again too.
   */
  let checking = false;
  async function ensureScheduler(reason: 'reconnect' | 'periodic'): Promise<void> {
    if (checking || closed) return;
    checking = true;
    try {
      if (await queue.getJobScheduler(SIGNAL_SCHEDULER_ID)) return;
      await upsertScheduler();
      for (const w of await engine.resolveDue()) await enqueueResolve(w.id, w.nextAt);
      logger.warn({ reason }, 'signal job scheduler was missing from Redis; re-created it');
    } catch (error) {
      logger.warn({ reason, err: error }, 'could not check the signal job scheduler; trying again later');
    } finally {
      checking = false;
    }
  }

  let closed = false;
  await upsertScheduler();
  // Signals left active by a previous run: judge what is overdue, queue the rest.
  for (const w of await engine.resolveDue()) await enqueueResolve(w.id, w.nextAt);

  let readyBefore = connection.status === 'ready';
  connection.on('ready', () => {
    if (readyBefore) void ensureScheduler('reconnect');
    readyBefore = true;
  });
  const check = setInterval(() => void ensureScheduler('periodic'), options.schedulerCheckMs ?? 30_000);
  check.unref();

  return {
    queue,
    watch(signalId, at) {
      if (closed) return;
      enqueueResolve(signalId, at).catch((error: unknown) =>
        logger.warn({ signalId, err: error }, 'could not queue a desk signal; the next slot sweep judges it'),
      );
    },
    async close() {
      closed = true;
      clearInterval(check);
      // Waits for the jobs running now (a slot being issued, a window being judged); takes no new ones.
      await worker.close();
      await queue.close();
      await closeRedis(connection);
    },
  };
}
