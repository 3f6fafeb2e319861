import { ContentContract, ContentMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { adminContent, landingContent, saveContent } from './content.service.js';

/** Operator content: the landing page reads it publicly; admins read and save it (every save audited). */
export async function registerContentRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, ContentContract.landing, async () => ok(await landingContent(ctx)));
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, ContentContract.adminContent, async () => ok(await adminContent(ctx)));
    serve(scope, ContentContract.saveReviews, async (request) =>
      ok(await saveContent(ctx, 'reviews', request.body, auditActorOf(request)), ContentMessages.saved),
    );
    serve(scope, ContentContract.saveOffer, async (request) =>
      ok(await saveContent(ctx, 'offer', request.body, auditActorOf(request)), ContentMessages.saved),
    );
    serve(scope, ContentContract.saveSuccessLinks, async (request) =>
      ok(await saveContent(ctx, 'successLinks', request.body, auditActorOf(request)), ContentMessages.saved),
    );
  });
}
