import { SlotsContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { slotLedger } from './slots.service.js';

/** GET /api/slots (public): how each scheduled slot ended. */
export async function registerSlotsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, SlotsContract.list, async (request) => ok(await slotLedger(ctx, request.query)));
  });
}
