import { RiskPlanMessages, UsersContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { riskPlanStanding, setRiskPlan } from './risk-plan.service.js';

/**
 * GET and PUT /api/users/risk-plan: the member's own risk plan and where it stands (GET also with an API
 * key, so a program follows the same plan the room enforces).
 */
export async function registerRiskPlanRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'member', (scope) => {
    serve(scope, UsersContract.riskPlan, async (request) =>
      ok(await riskPlanStanding(ctx, memberOf(request)), RiskPlanMessages.loaded),
    );
    serve(scope, UsersContract.saveRiskPlan, async (request) =>
      ok(await setRiskPlan(ctx, memberOf(request), request.body), RiskPlanMessages.saved),
    );
  });
}
