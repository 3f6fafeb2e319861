import { AuthMessages, UsersContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { updateProfile } from './users.service.js';

/** PUT /api/users/profile: the member's own profile save; answers the updated user. */
export async function registerUsersRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'member', (scope) => {
    serve(scope, UsersContract.updateProfile, async (request) =>
      ok(await updateProfile(ctx, memberOf(request), request.body), AuthMessages.profileUpdated),
    );
  });
}
