import type { GuardGroup, TUser } from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { assertDeclaredRoute } from './contract-routes.js';
import { requireAdmin, requireDesk, requireGold, requireLiveAccess, requireSignalRoom, requireUser } from './guards.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the group's guard admitted; null in the public group. */
    member: TUser | null;
  }
}

type Guard = (ctx: ServerContext, request: FastifyRequest) => Promise<TUser>;

/** The one guard of each group (what each admits is described with GUARD_GROUPS). */
const GUARDS: Record<Exclude<GuardGroup, 'public'>, Guard> = {
  member: requireUser,
  unlocked: requireSignalRoom,
  live: requireLiveAccess,
  tier: requireGold,
  desk: requireDesk,
  admin: requireAdmin,
};

/**
 * A scope for the routes of one guard group: its guard runs once per request before anything else
 * (so no route of the group can forget it), and each route registered here must be declared in this
 * group by its contract (checked as it is registered, so a mismatch stops the server from starting).
 */
export async function routeGroup(
  app: FastifyInstance,
  ctx: ServerContext,
  group: GuardGroup,
  register: (scope: FastifyInstance) => Promise<void> | void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => assertDeclaredRoute(route, group));
    if (group !== 'public') {
      const guard = GUARDS[group];
      scope.addHook('onRequest', async (request) => {
        request.member = await guard(ctx, request);
      });
    }
    await register(scope);
  });
}

/** The member a guarded route's group admitted. */
export function memberOf(request: FastifyRequest): TUser {
  if (!request.member) throw new Error(`No member on ${request.method} ${request.url}: the route is not guarded`);
  return request.member;
}
