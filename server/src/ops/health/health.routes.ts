import { HEALTH_IN_PROCESS, PlatformContract, type THealth } from '@signalroom/shared';
import type { SlotGapRow } from '@signalroom/shared-node';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { pingDatabase } from '../../db/ping.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { lastSignalAt, recentSlotGaps } from '../../modules/signals/signals.service.js';
import { trackRecordProblems } from '../../modules/track-record/track-record.health.js';

type QueueHealth = THealth['queue'];

/** No dependency may hold a health answer longer than this (a probe must answer, not time out). */
const PROBE_MS = 1000;

/**
 * GET /api/health/live: liveness, 200 while the process runs (503 once it is shutting down).
 *
 * GET /api/health: readiness of the product: 503 `degraded` when the database or Redis does not answer,
 * when (with a job queue) no job scheduler exists, so no slot will ever fire, or when no signal was
 * issued for longer than a slot plus SIGNAL_STALE_GRACE_MS, counted from the later of the last signal
 * and this process's start (a fresh install is not degraded) unless the newest slot found the market
 * closed, when each of the last NO_DATA_SLOTS_DEGRADED slots had no market data, when signals wait for
 * the track record's audited repair, or when the server's check finds the record broken. `problems` says
 * which.
 */
export async function registerHealthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const startedAt = Date.now();
  const queue = ctx.signalQueue;
  const redisClient = ctx.redis?.commands ?? null;
  const staleAfterMs = ctx.config.SIGNAL_INTERVAL_MS + ctx.config.SIGNAL_STALE_GRACE_MS;

  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, PlatformContract.live, async () =>
      ok({ status: 'live', uptimeSeconds: Math.round(process.uptime()) }, 'OK'),
    );

    serve(scope, PlatformContract.health, async (_request, reply) => {
      const [database, redis, queueHealth] = await Promise.all([
        bounded(pingDatabase(ctx.db)).then((up) => (up ? ('up' as const) : ('down' as const))),
        // Without the capability this deployment keeps that part in the process: health says so.
        redisClient
          ? bounded(redisClient.ping()).then((up) => (up ? ('up' as const) : ('down' as const)))
          : HEALTH_IN_PROCESS,
        queue ? readQueue(queue) : HEALTH_IN_PROCESS,
      ]);
      const lastSignal =
        database === 'up'
          ? await lastSignalAt(ctx).catch((error: unknown) => {
              // The database answered the probe but not this read: report no signal time, not a 500.
              ctx.logger.warn({ err: error }, 'health: last signal time unreadable');
              return null;
            })
          : null;
      const recordProblems =
        database === 'up'
          ? await trackRecordProblems(ctx).catch((error: unknown) => {
              ctx.logger.warn({ err: error }, 'health: track record state unreadable');
              return [];
            })
          : [];
      const quietForMs = Date.now() - Math.max(lastSignal?.getTime() ?? 0, startedAt);
      const gaps =
        database === 'up'
          ? await recentSlotGaps(ctx, ctx.config.NO_DATA_SLOTS_DEGRADED).catch((error: unknown) => {
              ctx.logger.warn({ err: error }, 'health: slot gaps unreadable');
              return [];
            })
          : [];
      // A closed market issues nothing and is not a fault; the last slots without data are one.
      const marketClosed = gaps.at(-1)?.reason === 'market_closed';
      const noData = noDataProblem(gaps, ctx.config.NO_DATA_SLOTS_DEGRADED);

      const problems: string[] = [];
      if (database === 'down') problems.push('database unreachable');
      if (redis === 'down') problems.push('redis unreachable');
      if (queueHealth === 'down') problems.push('signal queue unreadable');
      else if (typeof queueHealth === 'object' && queueHealth.schedulers === 0) {
        problems.push('no signal job scheduler: is a worker running?');
      }
      if (database === 'up' && quietForMs > staleAfterMs && !marketClosed) {
        problems.push(`no signal issued for ${Math.round(quietForMs / 1000)} s`);
      }
      if (noData) problems.push(noData);
      problems.push(...recordProblems);
      const storage = ctx.storage.state();
      if (storage === 'full') problems.push('storage full');
      const healthy = problems.length === 0;
      reply.status(healthy ? 200 : 503);
      return ok(
        {
          status: healthy ? 'ok' : 'degraded',
          problems,
          database,
          databaseKind: ctx.dbKind,
          storage,
          redis,
          queue: queueHealth,
          lastSignalAt: lastSignal ? lastSignal.toISOString() : null,
          signalsStaleAfterMs: staleAfterMs,
        },
        healthy ? 'OK' : 'Degraded',
      );
    });
  });
}

/** The problem when each of the last `slots` slots had no market data, with the newest one's reason. */
function noDataProblem(gaps: SlotGapRow[], slots: number): string | null {
  const noData = gaps.filter((g) => g.reason === 'no_data');
  if (noData.length < slots) return null;
  return `no market data for the last ${slots} slots (${noData.at(-1)?.detail ?? ''})`;
}

/** True when the call succeeded within PROBE_MS. */
function bounded(call: Promise<unknown>): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_MS).unref());
  // A failed probe is the answer (down), not an error of the health route.
  return Promise.race([call.then(() => true).catch(() => false), timeout]);
}

async function readQueue(queue: Queue): Promise<QueueHealth> {
  const read = Promise.all([
    queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
    queue.getJobSchedulersCount(),
  ]).then(([counts, schedulers]) => ({
    status: 'up' as const,
    waiting: counts.waiting ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    schedulers,
  }));
  const timeout = new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), PROBE_MS).unref());
  // A failed read is the answer (down), not an error of the health route.
  return Promise.race([read.catch(() => 'down' as const), timeout]);
}
