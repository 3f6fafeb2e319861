import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';

/** GET /api/health: database and Redis reachability. 503 when a dependency is down. */
export async function registerHealthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/health', async (_request, reply) => {
    const database = await sql`select 1`
      .execute(ctx.db)
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    const redis = ctx.redis
      ? await ctx.redis
          .ping()
          .then(() => 'up' as const)
          .catch(() => 'down' as const)
      : ('embedded' as const);
    const healthy = database === 'up' && redis !== 'down';
    reply.status(healthy ? 200 : 503);
    return ok(
      { status: healthy ? 'ok' : 'degraded', database, databaseKind: ctx.dbKind, redis },
      healthy ? 'OK' : 'Degraded',
    );
  });
}
