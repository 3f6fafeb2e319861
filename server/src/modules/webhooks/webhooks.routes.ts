import { WebhookMessages, WebhooksContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookAttempts,
  listWebhooks,
  resendWebhookAttempt,
  updateWebhook,
} from './webhooks.service.js';

/**
 * /api/users/webhooks: a member with live access lists, adds (the signing secret shown once), changes
 * and deletes webhook endpoints, reads each one's recent attempts and resends one. Session only: an
 * API key is refused here with 403 before the guard runs.
 */
export async function registerWebhooksRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'live', (scope) => {
    serve(scope, WebhooksContract.list, async (request) =>
      ok(await listWebhooks(ctx, memberOf(request)), WebhookMessages.listed),
    );
    serve(scope, WebhooksContract.create, async (request) =>
      ok(await createWebhook(ctx, memberOf(request), auditActorOf(request), request.body), WebhookMessages.created),
    );
    serve(scope, WebhooksContract.update, async (request) => {
      const endpoint = await updateWebhook(
        ctx,
        memberOf(request),
        auditActorOf(request),
        request.params.id,
        request.body,
      );
      return ok(endpoint, request.body.enabled === true ? WebhookMessages.enabled : WebhookMessages.updated);
    });
    serve(scope, WebhooksContract.remove, async (request) => {
      await deleteWebhook(ctx, memberOf(request), auditActorOf(request), request.params.id);
      return ok(null, WebhookMessages.deleted);
    });
    serve(scope, WebhooksContract.attempts, async (request) =>
      ok(await listWebhookAttempts(ctx, memberOf(request), request.params.id), WebhookMessages.attemptsListed),
    );
    serve(scope, WebhooksContract.resend, async (request) => {
      await resendWebhookAttempt(ctx, memberOf(request), request.params.id, request.params.attemptId);
      return ok(null, WebhookMessages.resendQueued);
    });
  });
}
