import { SignalsContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { marketStatus } from '../market/market.service.js';
import { signalChart } from './signal-chart.service.js';
import { listSignalsFor, performanceStats, publicStats } from './signals.service.js';

/**
 * GET /api/signals?limit=10&sortOrder=desc (paged back with `before` and `since`, the envelope's
 * `pagination.nextCursor` naming the next page) and GET /api/signals/stats/performance: unlocked non-guest
 * members live, with the tier daily limits applied on the server; members in their trial the delayed
 * view (signals whose primary window has closed); everyone else 403 (the `unlocked` group's guard).
 * Statistics are history (resolved signals only): the trial may see them too.
 * GET /api/signals/:id/chart: a signal's 1-minute candles, for a member who may see that signal in full.
 * GET /api/stats/public: the landing page's figures, counted from records, no login.
 * GET /api/market/status: whether the traded market is open (the room says "Market closed" when not).
 * The signal list carries an ETag (live views) and answers 304 to a poll that already has it.
 */
export async function registerSignalsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'unlocked', (scope) => {
    serve(scope, SignalsContract.list, async (request, reply) => {
      const { signals, etag, nextCursor } = await listSignalsFor(ctx, memberOf(request), request.query);
      if (etag) {
        reply.header('etag', etag);
        // The web app's fallback polling sends what it has: nothing changed, nothing to send.
        if (request.headers['if-none-match'] === etag) return reply.code(304).send() as never;
      }
      return ok(signals, 'OK', { nextCursor });
    });
    serve(scope, SignalsContract.performance, async () => ok(await performanceStats(ctx)));
    serve(scope, SignalsContract.chart, async (request) =>
      ok(await signalChart(ctx, memberOf(request), request.params.id, request.query.minutes)),
    );
  });

  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, SignalsContract.publicStats, async () => ok(await publicStats(ctx)));
    serve(scope, SignalsContract.marketStatus, async () => ok(await marketStatus(ctx)));
  });
}
