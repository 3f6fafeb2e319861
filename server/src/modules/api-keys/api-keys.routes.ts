import { ApiKeyMessages, ApiKeysContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

/**
 * GET/POST /api/users/api-keys and DELETE /api/users/api-keys/:id: a member with live access lists,
 * creates (the secret shown once) and revokes their API keys. Session only: their contract entries do
 * not accept a key, so a key is refused here with 403 before the guard runs.
 */
export async function registerApiKeysRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'live', (scope) => {
    serve(scope, ApiKeysContract.list, async (request) =>
      ok(await listApiKeys(ctx, memberOf(request)), ApiKeyMessages.listed),
    );
    serve(scope, ApiKeysContract.create, async (request) =>
      ok(await createApiKey(ctx, memberOf(request), auditActorOf(request), request.body), ApiKeyMessages.created),
    );
    serve(scope, ApiKeysContract.revoke, async (request) => {
      await revokeApiKey(ctx, memberOf(request), auditActorOf(request), request.params.id);
      return ok(null, ApiKeyMessages.revoked);
    });
  });
}
