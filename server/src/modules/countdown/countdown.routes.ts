import { CountdownContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { countdownConfig, currentCountdown, resetOfferCountdown } from './countdown.service.js';

/** GET /api/countdown (public), GET /api/countdown/config and POST /api/countdown/reset (admin). */
export async function registerCountdownRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, CountdownContract.current, async () => ok(await currentCountdown(ctx)));
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, CountdownContract.config, async () => ok(await countdownConfig(ctx)));

    serve(scope, CountdownContract.reset, async (request) => {
      const config = await resetOfferCountdown(ctx, auditActorOf(request), request.body.durationMinutes);
      return ok(config, 'Countdown reset');
    });
  });
}
