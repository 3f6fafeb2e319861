import { BusinessSettingsMessages, SetupContract, SetupMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { sessionClientOf } from '../users/session-client.js';
import { adminBusinessSettings, saveBusinessSettings } from './business-settings.service.js';
import { createFirstAdmin, setupTokenStatus } from './setup.service.js';

/** First-run setup (public, guarded by the printed token) and the admin Settings screen's calls. */
export async function registerSetupRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'public', (scope) => {
    serve(scope, SetupContract.status, async (request) => ok(await setupTokenStatus(ctx, request.body.token)));
    serve(scope, SetupContract.createAdmin, async (request) =>
      ok(await createFirstAdmin(ctx, request.body, sessionClientOf(request)), SetupMessages.adminCreated),
    );
  });

  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, SetupContract.settings, async () => ok(await adminBusinessSettings(ctx)));
    serve(scope, SetupContract.saveSettings, async (request) =>
      ok(await saveBusinessSettings(ctx, request.body, auditActorOf(request)), BusinessSettingsMessages.saved),
    );
  });
}
