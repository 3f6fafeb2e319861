import { AdminConsoleContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { sendCsv } from '../../http/csv.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { recordAudit } from '../audit/audit.repository.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { eachMember, MEMBER_CSV_COLUMNS } from './members-export.js';
import { loadOverview } from './overview.service.js';

/** The admin overview and the members export; admins only (401 without a session, 403 for members). */
export async function registerAdminConsoleRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, AdminConsoleContract.overview, async () => ok(await loadOverview(ctx)));

    serve(scope, AdminConsoleContract.exportMembers, async (request, reply) => {
      // Who took a copy of the member list, with which filters, is on the record before the first row leaves.
      await recordAudit(ctx.db, {
        actor: auditActorOf(request),
        action: 'member.export',
        targetType: 'member',
        targetId: null,
        after: { filters: request.query },
      });
      const day = ctx.now().toISOString().slice(0, 10);
      const rows = eachMember(ctx.db, request.query);
      return sendCsv(reply, `members-${day}.csv`, MEMBER_CSV_COLUMNS, rows);
    });
  });
}
