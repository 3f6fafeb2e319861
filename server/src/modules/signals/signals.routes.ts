import { SignalsContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { listSignalsFor, performanceStats, publicStats } from './signals.service.js';

/**
 * GET /api/signals?limit=10&sortOrder=desc and GET /api/signals/stats/performance: unlocked non-guest
 * members live, with the tier daily limits applied on the server; members in their trial the delayed
 * view (signals whose primary window has closed); everyone else 403 (the `unlocked` group's guard).
 * Statistics are history (resolved signals only): the trial may see them too.
 * GET /api/stats/public: the landing page's figures, counted from records, no login.
 */
export async function registerSignalsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'unlocked', (scope) => {
    serve(scope, SignalsContract.list, async (request) =>
      ok(await listSignalsFor(ctx, memberOf(request), request.query)),
    );
    serve(scope, SignalsContract.performance, async () => ok(await performanceStats(ctx)));
  });

  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, SignalsContract.publicStats, async () => ok(await publicStats(ctx)));
  });
}
