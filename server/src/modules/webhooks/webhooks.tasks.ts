import { type TierDailyLimits, WebhookMessages } from '@signalroom/shared';
import { findSignal, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import type { ServerMetrics } from '../../observability/metrics.registry.js';
import { seesSignalInFull } from '../delivery/delivery.access.js';
import type { WebhookSender } from './webhook.sender.js';
import { signedHeaders } from './webhook-secret.js';
import {
  type DisabledEndpoint,
  findPendingWebhookBatches,
  findQueuedWebhookBatch,
  findResendTarget,
  type MessageRow,
  markWebhookBatchDone,
  type QueuedWebhook,
  recordWebhookTries,
  type WebhookTry,
} from './webhooks.repository.js';

/** Task kinds: an event's fan-out, a batch of one message to its endpoints, a member's resend. */
export const WEBHOOK_TASKS = {
  fanOut: 'webhook-fanout',
  send: 'webhook-send',
  resend: 'webhook-resend',
} as const;

/**
 * Endpoints one job sends to. Smaller than the e-mail batches: a receiver may take up to the timeout,
 * so a job of 100 at 20 at once ends within five timeouts even when every receiver is slow.
 */
export const WEBHOOK_BATCH_SIZE = 100;
const SEND_CONCURRENCY = 20;

export interface WebhookBatchTask {
  messageId: string;
  batch: number;
}

export interface WebhookResendTask {
  endpointId: string;
  messageId: string;
}

/** What sending needs besides the context. */
export interface WebhookSendDeps {
  sender: WebhookSender;
  limits: TierDailyLimits;
  metrics: ServerMetrics;
  /** Told of the endpoints a run disabled (after its writes are committed). */
  onDisabled(endpoints: DisabledEndpoint[]): Promise<void>;
}

/** The server's rule for disabling an endpoint, read from the configuration at each run. */
function disableRule(ctx: ServerContext) {
  return {
    afterFailures: ctx.config.WEBHOOK_DISABLE_AFTER_FAILURES,
    failingBefore: new Date(ctx.now().getTime() - ctx.config.WEBHOOK_DISABLE_AFTER_MS),
    reason: WebhookMessages.failingReason,
  };
}

/** One signed POST of a message to an endpoint, as a try for the log. */
async function tryEndpoint(
  ctx: ServerContext,
  sender: WebhookSender,
  message: MessageRow,
  target: QueuedWebhook,
): Promise<{ attempt: NonNullable<WebhookTry['attempt']>; error: string | null }> {
  const at = ctx.now();
  const headers = signedHeaders(target.secret, message.id, at, message.payload);
  const result = await sender.post(target.url, headers, message.payload);
  return {
    attempt: { at, succeeded: result.succeeded, responseStatus: result.status, responseMs: result.responseMs },
    error: result.error,
  };
}

/**
 * Sends one message to the endpoints of one batch that are not final yet. Before each try the
 * endpoint (deleted, disabled) and its member's access to the signal are read again: skipped when they
 * no longer hold. A failed try stays queued with its error and the job throws, so the task queue retries
 * it with backoff; on the last attempt it is failed, which counts towards disabling the endpoint. The
 * run's log rows, attempts and failure counts are written in one transaction.
 */
export async function sendWebhookBatch(
  ctx: ServerContext,
  deps: WebhookSendDeps,
  payload: WebhookBatchTask,
  run: { attempt: number; lastAttempt: boolean },
): Promise<void> {
  const found = await findQueuedWebhookBatch(ctx.db, payload.messageId, payload.batch);
  if (!found) return;
  const { message, queued } = found;
  const row = await findSignal(ctx.db, message.signal_id);
  const signal = row ? presentSignal(row) : null;
  let lastError = '';

  async function deliver(target: QueuedWebhook): Promise<WebhookTry> {
    const base = { endpointId: target.endpointId, userId: target.userId };
    if (target.disabled) return { ...base, status: 'skipped', error: 'endpoint disabled', attempt: null };
    if (!signal || !seesSignalInFull(target, signal, deps.limits, ctx.now())) {
      return { ...base, status: 'skipped', error: 'no longer entitled to this signal', attempt: null };
    }
    const { attempt, error } = await tryEndpoint(ctx, deps.sender, message, target);
    if (attempt.succeeded) return { ...base, status: 'sent', error: null, attempt };
    lastError = error ?? 'failed';
    return { ...base, status: run.lastAttempt ? 'failed' : 'queued', error, attempt };
  }

  const tries: WebhookTry[] = [];
  for (let i = 0; i < queued.length; i += SEND_CONCURRENCY) {
    tries.push(...(await Promise.all(queued.slice(i, i + SEND_CONCURRENCY).map(deliver))));
  }
  const disabled = await ctx.db.transaction().execute((trx) =>
    recordWebhookTries(trx, {
      messageId: message.id,
      trigger: 'delivery',
      tries,
      now: ctx.now(),
      disable: disableRule(ctx),
    }),
  );
  for (const status of ['sent', 'failed', 'skipped'] as const) {
    const count = tries.filter((t) => t.status === status).length;
    if (count > 0) deps.metrics.signalDeliveries.inc({ channel: 'webhook', status }, count);
  }
  if (disabled.length > 0) await deps.onDisabled(disabled);
  const retrying = tries.filter((t) => t.status === 'queued').length;
  if (retrying > 0) {
    throw new Error(`${retrying} of ${queued.length} webhooks failed (attempt ${run.attempt}): ${lastError}`);
  }
  await markWebhookBatchDone(ctx.db, message.id, payload.batch);
}

/**
 * A member's resend: one try of the message at the endpoint (no retries: the member sees the result in
 * the list and may resend again). One that gets through makes the delivery sent and clears the
 * endpoint's failure count. Nothing is sent to an endpoint deleted or disabled meanwhile.
 */
export async function resendWebhook(ctx: ServerContext, deps: WebhookSendDeps, task: WebhookResendTask): Promise<void> {
  const found = await findResendTarget(ctx.db, task.endpointId, task.messageId);
  if (!found || found.target.disabled) return;
  const { message, target } = found;
  const row = await findSignal(ctx.db, message.signal_id);
  const base = { endpointId: target.endpointId, userId: target.userId };
  let tried: WebhookTry;
  if (!row || !seesSignalInFull(target, presentSignal(row), deps.limits, ctx.now())) {
    const attempt = { at: ctx.now(), succeeded: false, responseStatus: null, responseMs: null };
    tried = { ...base, status: 'skipped', error: 'no longer entitled to this signal', attempt };
  } else {
    const { attempt, error } = await tryEndpoint(ctx, deps.sender, message, target);
    tried = { ...base, status: attempt.succeeded ? 'sent' : 'failed', error, attempt };
  }
  await ctx.db.transaction().execute((trx) =>
    recordWebhookTries(trx, {
      messageId: message.id,
      trigger: 'resend',
      tries: [tried],
      now: ctx.now(),
      disable: disableRule(ctx),
    }),
  );
}

/** What must be pending after a restart: every batch with endpoints still queued. */
export async function pendingWebhookBatches(ctx: ServerContext) {
  const rows = await findPendingWebhookBatches(ctx.db);
  return rows.map((row) => ({
    id: `${row.message_id}-${row.batch}`,
    payload: { messageId: row.message_id, batch: row.batch } satisfies WebhookBatchTask,
  }));
}
