import { QUEUES } from '@signalroom/shared';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { signalQueuePrefix } from '../queues/queues.routes.js';
import { lastSignalAt } from '../signals/signals.service.js';

type QueueHealth =
  | 'embedded'
  | 'down'
  | { status: 'up'; waiting: number; active: number; delayed: number; failed: number; schedulers: number };

/**
 * GET /api/health: database, Redis, the signal queue (distributed shape) and when the last signal was
 * issued. 503 when a dependency is down.
 */
export async function registerHealthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  let queue: Queue | null = null;
  if (ctx.redis) {
    const connection = ctx.redis.duplicate({ maxRetriesPerRequest: 1 });
    connection.on('error', () => {});
    queue = new Queue(QUEUES.signals, { connection, prefix: signalQueuePrefix(ctx) });
    queue.on('error', () => {});
    app.addHook('onClose', async () => {
      await queue?.close().catch(() => {});
      await connection.quit().catch(() => {});
    });
  }

  app.get('/health', async (_request, reply) => {
    const database = await sql`select 1`
      .execute(ctx.db)
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    const redis = ctx.redis
      ? await ctx.redis
          .ping()
          .then(() => 'up' as const)
          .catch(() => 'down' as const)
      : ('embedded' as const);
    const queueHealth: QueueHealth = queue ? await readQueue(queue) : 'embedded';
    const lastSignal = database === 'up' ? await lastSignalAt(ctx).catch(() => null) : null;
    const healthy = database === 'up' && redis !== 'down' && queueHealth !== 'down';
    reply.status(healthy ? 200 : 503);
    return ok(
      {
        status: healthy ? 'ok' : 'degraded',
        database,
        databaseKind: ctx.dbKind,
        redis,
        queue: queueHealth,
        lastSignalAt: lastSignal ? lastSignal.toISOString() : null,
      },
      healthy ? 'OK' : 'Degraded',
    );
  });
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
  const timeout = new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), 2000).unref());
  return Promise.race([read.catch(() => 'down' as const), timeout]);
}
