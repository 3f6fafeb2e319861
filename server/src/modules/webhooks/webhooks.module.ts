import { type TBusEvent, WEBHOOK_HISTORY_DAYS, WEBHOOK_MANUAL_QUEUE_MAX } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { metricsFor } from '../../observability/metrics.registry.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { webhookDisabledMail } from '../mail/mail.templates.js';
import { tierDailyLimits } from '../signals/signals.service.js';
import { createWebhookSender } from './webhook.sender.js';
import { enqueueManualSends } from './webhook-manual.repository.js';
import {
  MANUAL_CONCURRENCY,
  pendingManualTurns,
  scheduleManualTurn,
  sendNextManual,
  type WebhookManualTask,
} from './webhook-manual.tasks.js';
import { fanOutTaskId, fanOutWebhookEvent, type WebhookEventRef } from './webhooks.fanout.js';
import { type DisabledEndpoint, deleteMessagesBefore, findEventsNotFannedOut } from './webhooks.repository.js';
import { registerWebhooksRoutes } from './webhooks.routes.js';
import {
  pendingWebhookBatches,
  sendWebhookBatch,
  WEBHOOK_TASKS,
  type WebhookBatchTask,
  type WebhookSendDeps,
} from './webhooks.tasks.js';

/** An event whose fan-out never ran is taken up at start for this long after it happened. */
const RESTORE_EVENTS_WITHIN_MS = 60 * 60_000;
/** Messages, with their deliveries and attempts, are kept this long. */
const KEEP_MESSAGES_MS = WEBHOOK_HISTORY_DAYS * 24 * 60 * 60_000;

/** The webhook event a bus event is, if any: a signal issued, resolved (won, lost, even or void), or noted. */
export function webhookEventOf(event: TBusEvent): WebhookEventRef | null {
  if (event.type === 'signal:new') return { event: 'signal.issued', signalId: event.signal.id, noteId: null };
  if (event.type === 'signal:update' && (event.signal.outcome !== null || event.signal.status === 'void')) {
    return { event: 'signal.resolved', signalId: event.signal.id, noteId: null };
  }
  if (event.type === 'signal:note') return { event: 'signal.note', signalId: event.signal.id, noteId: event.note.id };
  return null;
}

/**
 * Members' webhooks. Every server process hears signal events on the bus and schedules the event's
 * fan-out under one id per event, so it runs once whichever process takes it; the fan-out stores the
 * message and its batches and schedules a job per batch, which any process runs (retried on the
 * WEBHOOK_RETRY_SCHEDULE, restored from the batches after a restart), as signal delivery does for
 * e-mail. What members ask to send again waits in each endpoint's own queue, in a background lane.
 */
export async function registerWebhooksModule(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  if (!runtimes.has(ctx)) {
    const runtime = startWebhooks(ctx);
    runtimes.set(ctx, runtime);
    // The app that started the runtime stops it (an app built again on the context only adds routes).
    app.addHook('onClose', () => runtime.close());
  }
  await registerWebhooksRoutes(app, ctx);
}

/** Task kinds and the bus listener are per context: defined once, however many apps register routes. */
const runtimes = new WeakMap<ServerContext, { close(): void }>();

function startWebhooks(ctx: ServerContext): { close(): void } {
  const log = ctx.logger.child({ module: 'webhooks' });
  const limits = tierDailyLimits(ctx);
  const metrics = metricsFor(ctx);
  const sender = createWebhookSender({
    allowLocal: ctx.config.webhookAllowLocal,
    timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS,
    userAgent: `${ctx.config.PRODUCT_NAME}-Webhooks/1`,
  });
  const deps: WebhookSendDeps = {
    sender,
    limits,
    metrics,
    schedule: ctx.config.WEBHOOK_RETRY_SCHEDULE,
    onDisabled: (endpoints) => tellDisabled(ctx, endpoints),
  };
  const retries = { attempts: ctx.config.DELIVERY_ATTEMPTS, backoffMs: ctx.config.DELIVERY_BACKOFF_MS };

  ctx.tasks.define<WebhookEventRef>(
    WEBHOOK_TASKS.fanOut,
    async (ref) => {
      const queued = await fanOutWebhookEvent(ctx, { limits, metrics }, ref);
      if (queued > 0) log.info({ ...ref, queued }, 'webhooks queued');
      await deleteMessagesBefore(ctx.db, new Date(ctx.now().getTime() - KEEP_MESSAGES_MS));
    },
    {
      ...retries,
      restore: async () => {
        const since = new Date(ctx.now().getTime() - RESTORE_EVENTS_WITHIN_MS);
        return (await findEventsNotFannedOut(ctx.db, since)).map((ref) => ({ id: fanOutTaskId(ref), payload: ref }));
      },
    },
  );
  // A failure to reach the receiver is retried on the schedule by the task itself; these retries are for
  // a run that could not reach the database.
  ctx.tasks.define<WebhookBatchTask>(WEBHOOK_TASKS.send, (payload) => sendWebhookBatch(ctx, deps, payload), {
    ...retries,
    restore: () => pendingWebhookBatches(ctx),
  });
  ctx.tasks.define<WebhookManualTask>(WEBHOOK_TASKS.manual, (payload) => sendNextManual(ctx, deps, payload), {
    ...retries,
    background: true,
    concurrency: MANUAL_CONCURRENCY,
    restore: () => pendingManualTurns(ctx),
  });
  ctx.tasks.define<{ endpointId: string; messageId: string }>(
    WEBHOOK_TASKS.resend,
    async ({ endpointId, messageId }) => {
      const now = ctx.now();
      await enqueueManualSends(ctx.db, {
        endpointId,
        messageIds: [messageId],
        trigger: 'resend',
        now,
        max: WEBHOOK_MANUAL_QUEUE_MAX,
      });
      await scheduleManualTurn(ctx, endpointId);
    },
    { attempts: 1 },
  );

  const stopListening = ctx.bus.subscribe((event) => {
    const ref = webhookEventOf(event);
    if (!ref) return;
    ctx.tasks.scheduleMany(WEBHOOK_TASKS.fanOut, [{ id: fanOutTaskId(ref), payload: ref }]).catch((error: unknown) => {
      log.error({ ...ref, err: error }, 'webhook fan-out not scheduled');
    });
  });

  return {
    close() {
      stopListening();
      sender.close();
    },
  };
}

/** Mails each member whose endpoint the server disabled; a mail that fails is logged (the endpoint stays disabled). */
async function tellDisabled(ctx: ServerContext, endpoints: DisabledEndpoint[]): Promise<void> {
  const log = ctx.logger.child({ module: 'webhooks' });
  const mailer = getMailer(ctx);
  for (const endpoint of endpoints) {
    log.warn({ endpointId: endpoint.id, failures: endpoint.failed_deliveries }, 'webhook endpoint disabled');
    const reader = {
      email: endpoint.email,
      fullName: endpoint.full_name,
      timeZone: endpoint.time_zone ?? ctx.config.TIME_ZONE,
    };
    const mail = webhookDisabledMail(
      brandOf(ctx),
      reader,
      {
        url: endpoint.url,
        failedDeliveries: endpoint.failed_deliveries,
        failingSince: new Date(endpoint.failing_since),
      },
      ctx.now(),
    );
    await mailer.send(mail).catch((error: unknown) => {
      log.error({ endpointId: endpoint.id, err: error }, 'webhook disabled mail not sent');
    });
  }
}
