import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { failure } from '../../http/envelope.js';
import { BOARD_PATH } from '../../http/queue-board-path.js';
import { authorizeBoardRequest } from './queues.auth.js';

/**
 * Bull Board at /admin/queues for admins (see queues.auth.ts for how a browser signs in). Without a job
 * queue (jobs on in-process timers) it answers 404.
 */
export async function registerQueueBoardRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const queue = ctx.signalQueue;
  if (!queue) {
    app.get(BOARD_PATH, async (_request, reply) =>
      reply
        .status(404)
        .send(failure('This deployment has no job queue, so no queue dashboard.', { code: 'not_found' })),
    );
    return;
  }
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
}
