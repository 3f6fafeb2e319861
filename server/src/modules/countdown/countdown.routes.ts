import { ZCountdownResetRequest } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { countdownConfig, currentCountdown, resetOfferCountdown } from './countdown.service.js';

/** GET /api/countdown (public), GET /api/countdown/config and POST /api/countdown/reset (admin). */
export async function registerCountdownRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/countdown', async () => ok(await currentCountdown(ctx)));

  app.get('/countdown/config', async (request) => {
    await requireAdmin(ctx, request);
    return ok(await countdownConfig(ctx));
  });

  app.post('/countdown/reset', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const body = parseWith(ZCountdownResetRequest, request.body);
    return ok(await resetOfferCountdown(ctx, admin, body.durationMinutes), 'Countdown reset');
  });
}
