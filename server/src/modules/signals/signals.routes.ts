import { ZSignalListQuery } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireSignalAccess } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { listSignalsFor, performanceStats, publicStats } from './signals.service.js';

/**
 * GET /api/signals?limit=10&sortOrder=desc and GET /api/signals/stats/performance (spec section 7):
 * unlocked non-guest members only, tier daily limits applied on the server.
 * GET /api/stats/public: the landing page's figures, counted from records, no login.
 */
export async function registerSignalsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/signals', { config: { takesQuery: true } }, async (request) => {
    const user = await requireSignalAccess(ctx, request);
    const query = parseWith(ZSignalListQuery, request.query, 'query');
    return ok(await listSignalsFor(ctx, user, query));
  });

  app.get('/signals/stats/performance', async (request) => {
    await requireSignalAccess(ctx, request);
    return ok(await performanceStats(ctx));
  });

  app.get('/stats/public', async () => ok(await publicStats(ctx)));
}
