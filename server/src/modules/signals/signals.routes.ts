import { ZSignalListQuery } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { listSignalsFor, performanceStats, publicStats, requireSignalAccessMode } from './signals.service.js';

/**
 * GET /api/signals?limit=10&sortOrder=desc and GET /api/signals/stats/performance (spec section 7):
 * unlocked non-guest members live, with the tier daily limits applied on the server; members in their
 * trial the delayed view (signals whose primary window has closed); everyone else 403.
 * GET /api/stats/public: the landing page's figures, counted from records, no login.
 */
export async function registerSignalsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/signals', { config: { takesQuery: true } }, async (request) => {
    const user = await requireUser(ctx, request);
    requireSignalAccessMode(ctx, user);
    const query = parseWith(ZSignalListQuery, request.query, 'query');
    return ok(await listSignalsFor(ctx, user, query));
  });

  app.get('/signals/stats/performance', async (request) => {
    // Statistics are history (resolved signals only): the trial may see them too.
    requireSignalAccessMode(ctx, await requireUser(ctx, request));
    return ok(await performanceStats(ctx));
  });

  app.get('/stats/public', async () => ok(await publicStats(ctx)));
}
