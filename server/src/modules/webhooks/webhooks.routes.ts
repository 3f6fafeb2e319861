import {
  WEBHOOK_MANUAL_PER_MINUTE,
  WebhookDeliveryMessages,
  WebhookMessages,
  WebhooksContract,
} from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { installRateLimits, type LimitRule, limitBy } from '../../http/rate-limit.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookAttempts,
  listWebhookDeliveries,
  listWebhooks,
  recoverWebhook,
  resendWebhookAttempt,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from './webhooks.service.js';

/**
 * What one member may ask to send again: resends, recoveries and test events together, per minute, so
 * no member can fill the queue that sends them (it is shared by every member, behind the live deliveries).
 */
const MANUAL_SENDS: LimitRule = {
  name: 'webhook-manual:user',
  max: WEBHOOK_MANUAL_PER_MINUTE,
  windowMs: 60_000,
  key: (request: FastifyRequest) => request.member?.id ?? null,
  message: WebhookMessages.manualLimit,
};

/**
 * /api/users/webhooks: a member with live access lists, adds (the signing secret shown once), changes
 * and deletes webhook endpoints, reads each one's recent attempts, resends one, recovers the failed
 * deliveries since a time, sends a test event and rotates the signing secret. Session only: an API key
 * is refused here with 403 before the guard runs.
 */
export async function registerWebhooksRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'live', async (scope) => {
    await installRateLimits(scope, ctx);
    const limited = { preValidation: limitBy(scope, ctx, [MANUAL_SENDS]) };
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
    serve(scope, WebhooksContract.attempts, async (request) => {
      const page = await listWebhookAttempts(ctx, memberOf(request), request.params.id, request.query);
      return ok(page.attempts, WebhookMessages.attemptsListed, { nextCursor: page.nextCursor });
    });
    serve(scope, WebhooksContract.deliveries, async (request) => {
      const page = await listWebhookDeliveries(ctx, memberOf(request), request.params.id, request.query);
      return ok(page.deliveries, WebhookDeliveryMessages.listed, { nextCursor: page.nextCursor });
    });
    serve(
      scope,
      WebhooksContract.resend,
      async (request) => {
        await resendWebhookAttempt(ctx, memberOf(request), request.params.id, request.params.attemptId);
        return ok(null, WebhookMessages.resendQueued);
      },
      limited,
    );
    serve(
      scope,
      WebhooksContract.recover,
      async (request) => {
        const recovered = await recoverWebhook(ctx, memberOf(request), request.params.id, request.body.since);
        const message = recovered.more
          ? WebhookMessages.recoverMore(recovered.queued)
          : WebhookMessages.recoverQueued(recovered.queued);
        return ok(recovered, message);
      },
      limited,
    );
    serve(
      scope,
      WebhooksContract.test,
      async (request) =>
        ok(await sendTestWebhook(ctx, memberOf(request), request.params.id), WebhookMessages.testQueued),
      limited,
    );
    serve(scope, WebhooksContract.rotateSecret, async (request) =>
      ok(
        await rotateWebhookSecret(ctx, memberOf(request), auditActorOf(request), request.params.id),
        WebhookMessages.rotated,
      ),
    );
  });
}
