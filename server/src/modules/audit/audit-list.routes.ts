import { AuditContract, AuditQueryMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { listAudit } from './audit-list.service.js';

/** The audit log, read-only: admins list it; nothing in the API changes or removes a row. */
export async function registerAuditRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, AuditContract.list, async (request) => {
      const { items, pagination } = await listAudit(ctx, request.query);
      return ok(items, items.length ? 'OK' : AuditQueryMessages.none, pagination);
    });
  });
}
