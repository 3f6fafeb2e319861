import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { QUEUES } from '@signalroom/shared';
import { closeRedis } from '@signalroom/shared/node';
import { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { failure } from '../../http/envelope.js';
import { authorizeBoardRequest, BOARD_PATH } from './queues.auth.js';

/** BullMQ key prefix of the deployment: the worker's, under the Redis namespace. */
export function signalQueuePrefix(ctx: Pick<ServerContext, 'config'>): string {
  return `${ctx.config.REDIS_NAMESPACE}:bull`;
}

/**
 * Bull Board at /admin/queues for admins (see queues.auth.ts for how a browser signs in). Only the
 * distributed shape has queues; the embedded shape answers 404 there.
 */
export async function registerQueueBoardRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (!ctx.redis) {
    app.get(BOARD_PATH, async (_request, reply) =>
      reply
        .status(404)
        .send(failure('The queue dashboard exists only with Redis (distributed shape).', { code: 'not_found' })),
    );
    return;
  }
  const connection = ctx.redis.duplicate({ maxRetriesPerRequest: 1 });
  connection.on('error', () => {});
  const queue = new Queue(QUEUES.signals, { connection, prefix: signalQueuePrefix(ctx) });
  queue.on('error', () => {});
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BOARD_PATH);
  // The adapter package pins its own patch release of @bull-board/api; the interface is the same.
  createBullBoard({
    queues: [new BullMQAdapter(queue, { readOnlyMode: false })],
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
  });

  await app.register(
    async (board) => {
      board.addHook('onRequest', async (request, reply) => {
        const user = await authorizeBoardRequest(ctx, request, reply);
        if (!user) return reply;
      });
      await board.register(serverAdapter.registerPlugin());
    },
    { prefix: BOARD_PATH },
  );
  app.addHook('onClose', async () => {
    await queue.close().catch(() => {});
    await closeRedis(connection);
  });
}
