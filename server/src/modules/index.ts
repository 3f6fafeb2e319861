import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { registerBotAccessRoutes } from './bot-access/bot-access.routes.js';
import { registerConfigRoutes } from './config/config.routes.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { registerMetricsRoutes } from './metrics/metrics.routes.js';

/**
 * Every feature module, registered under /api. Each module exports one `register…Routes(app, ctx)`.
 */
export async function registerModules(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(
    async (api) => {
      await registerHealthRoutes(api, ctx);
      await registerConfigRoutes(api, ctx);
      await registerBotAccessRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  // Prometheus scrapes /metrics at the root, outside the API's envelope.
  await registerMetricsRoutes(app, ctx);
}
