import type { FastifyInstance } from 'fastify';
import type { ServerContext } from './context.js';
import { enforceContract } from './http/contract-routes.js';
import { allowCrossOriginReads, answerPreflights } from './http/cross-origin-reads.js';
import { refuseUnknownQueryParameters } from './http/request-shape.js';
import { registerActivationRoutes } from './modules/activation/activation.routes.js';
import { registerAdminRoutes } from './modules/admin/admin.routes.js';
import { registerAdminConsoleRoutes } from './modules/admin-console/admin-console.routes.js';
import { acceptApiKeys } from './modules/api-keys/api-key-auth.js';
import { registerApiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { registerAuditRoutes } from './modules/audit/audit-list.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerBotAccessRoutes } from './modules/bot-access/bot-access.routes.js';
import { registerCommunityRoutes } from './modules/community/community.routes.js';
import { registerContentRoutes } from './modules/content/content.routes.js';
import { registerCopyTradingRoutes } from './modules/copy-trading/copy-trading.routes.js';
import { registerCountdownRoutes } from './modules/countdown/countdown.routes.js';
import { registerDeliveryModule } from './modules/delivery/delivery.module.js';
import { registerDeskRoutes } from './modules/desk/desk.routes.js';
import { registerGoldRoutes } from './modules/gold/gold.routes.js';
import { acceptIdempotencyKeys } from './modules/idempotency/idempotency.service.js';
import { registerJournalRoutes } from './modules/journal/journal.routes.js';
import { registerMentorshipRoutes } from './modules/mentorship/mentorship.routes.js';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes.js';
import { registerRiskPlanRoutes } from './modules/risk-plan/risk-plan.routes.js';
import { registerSetupRoutes } from './modules/setup/setup.routes.js';
import { registerSignalsRoutes } from './modules/signals/signals.routes.js';
import { registerSlotsRoutes } from './modules/slots/slots.routes.js';
import { registerSupportRoutes } from './modules/support/support.routes.js';
import { registerTrackRecordRoutes } from './modules/track-record/track-record.routes.js';
import { registerSettingsRoutes } from './modules/users/settings.routes.js';
import { registerUsersRoutes } from './modules/users/users.routes.js';
import { registerVaultEditorRoutes } from './modules/vault-editor/vault-editor.routes.js';
import { registerWebhooksModule } from './modules/webhooks/webhooks.module.js';
import { registerConfigRoutes } from './ops/config/config.routes.js';
import { registerDevOutboxRoutes } from './ops/dev-outbox/dev-outbox.routes.js';
import { registerHealthRoutes } from './ops/health/health.routes.js';
import { registerMetricsRoutes } from './ops/metrics/metrics.routes.js';
import { registerQueueBoardPassRoutes, registerQueueBoardRoutes } from './ops/queues/queues.routes.js';

/**
 * Every feature module, registered under /api. Each module exports one `register…Routes(app, ctx)` and
 * serves the entries of its contract (shared/src/api) in the scope of each entry's guard group
 * (http/route-groups.ts). The API parses and encodes with the contract's zod schemas, and refuses at
 * start-up a route no contract entry declares.
 */
export async function registerModules(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(
    async (api) => {
      enforceContract(api);
      refuseUnknownQueryParameters(api);
      allowCrossOriginReads(api);
      acceptApiKeys(api, ctx);
      acceptIdempotencyKeys(api, ctx);
      await registerHealthRoutes(api, ctx);
      await registerConfigRoutes(api, ctx);
      await registerAuthRoutes(api, ctx);
      await registerUsersRoutes(api, ctx);
      await registerSettingsRoutes(api, ctx);
      await registerRiskPlanRoutes(api, ctx);
      await registerJournalRoutes(api, ctx);
      await registerApiKeysRoutes(api, ctx);
      await registerAdminRoutes(api, ctx);
      await registerAuditRoutes(api, ctx);
      await registerActivationRoutes(api, ctx);
      await registerDevOutboxRoutes(api, ctx);
      await registerQueueBoardPassRoutes(api, ctx);
      await registerBotAccessRoutes(api, ctx);
      await registerSignalsRoutes(api, ctx);
      await registerSlotsRoutes(api, ctx);
      await registerCountdownRoutes(api, ctx);
      await registerSupportRoutes(api, ctx);
      await registerContentRoutes(api, ctx);
      await registerSetupRoutes(api, ctx);
      await registerAdminConsoleRoutes(api, ctx);
      await registerMentorshipRoutes(api, ctx);
      await registerVaultEditorRoutes(api, ctx);
      await registerCommunityRoutes(api, ctx);
      await registerCopyTradingRoutes(api, ctx);
      await registerGoldRoutes(api, ctx);
      await registerTrackRecordRoutes(api, ctx);
      await registerDeskRoutes(api, ctx);
      await registerDeliveryModule(api, ctx);
      await registerNotificationsRoutes(api, ctx);
      await registerWebhooksModule(api, ctx);
    },
    { prefix: '/api' },
  );
  // Browsers ask before a cross-origin read with a key: answered before routing, outside the contract.
  answerPreflights(app);
  // Prometheus scrapes /metrics at the root, outside the API's envelope.
  await registerMetricsRoutes(app, ctx);
  // Bull Board for admins, outside /api (an HTML app), when there is a job queue.
  await registerQueueBoardRoutes(app, ctx);
}
