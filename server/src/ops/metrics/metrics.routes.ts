import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { readBearerToken } from '../../http/guards.js';
import { metricsFor } from '../../observability/metrics.registry.js';
import { startQueueDepthProbe } from './queue-depth.js';

/**
 * GET /metrics (Prometheus text format), outside /api as scrapers expect. With METRICS_TOKEN set the
 * scraper must send `Authorization: Bearer <token>`; without it the endpoint is open, since it carries
 * counts only (no member data) and is meant to sit behind the operator's network. Production operators
 * should set the token.
 */
export async function registerMetricsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const metrics = metricsFor(ctx);
  const probe = startQueueDepthProbe(ctx, metrics);
  app.addHook('onClose', async () => {
    await probe?.close();
  });

  app.get('/metrics', async (request, reply) => {
    authorizeScrape(ctx, request);
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(body);
  });
}

function authorizeScrape(ctx: ServerContext, request: FastifyRequest): void {
  const expected = ctx.config.METRICS_TOKEN;
  if (!expected) return;
  const given = readBearerToken(request) ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw AppError.unauthorized();
}
