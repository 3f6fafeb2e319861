import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { PlatformContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { failure, ok } from '../../http/envelope.js';
import { readBearerToken } from '../../http/guards.js';
import { BOARD_PATH } from '../../http/queue-board-path.js';
import { routeGroup } from '../../http/route-groups.js';
import { authorizeBoardRequest } from './queues.auth.js';
import { issueBoardPass, NO_BOARD } from './queues.service.js';

/** Under /api: the admin call that issues a pass to the queue board (404 without a job queue). */
export async function registerQueueBoardPassRoutes(api: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(api, ctx, 'admin', (scope) => {
    // The admin group's guard admitted this bearer token as an admin's session.
    serve(scope, PlatformContract.queueBoardPass, async (request) =>
      ok(await issueBoardPass(ctx, readBearerToken(request) ?? '')),
    );
  });
}

/**
 * Bull Board at /admin/queues for admins holding a pass (see queues.auth.ts for how a browser signs
 * in). Without a job queue (jobs on in-process timers) it answers 404.
 */
export async function registerQueueBoardRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const queue = ctx.signalQueue;
  if (!queue) {
    app.get(BOARD_PATH, async (_request, reply) => reply.status(404).send(failure(NO_BOARD, { code: 'not_found' })));
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
