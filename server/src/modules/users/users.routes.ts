import { AuthMessages, ZProfileUpdateRequest } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { requireUser } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { updateProfile } from './users.service.js';

/** PUT /api/users/profile: the member's own profile save; answers the updated user. */
export async function registerUsersRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.put('/users/profile', async (request) => {
    const user = await requireUser(ctx, request);
    const input = parseWith(ZProfileUpdateRequest, request.body);
    return ok(await updateProfile(ctx, user, input), AuthMessages.profileUpdated);
  });
}
