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
  type MessageRow,
  type QueuedWebhook,
  recordWebhookTries,
  updateWebhookBatch,
  type WebhookTry,
} from './webhooks.repository.js';

/**
 * Task kinds: an event's fan-out, one try of a batch of one message to its endpoints, and an
 * endpoint's queue of what its member asked to send again (`webhook-resend` is the name that queue's
 * tasks had before it: one still pending after an upgrade joins the queue).
 */
export const WEBHOOK_TASKS = {
  fanOut: 'webhook-fanout',
  send: 'webhook-send',
  manual: 'webhook-manual',
  resend: 'webhook-resend',
} as const;

/**
 * Endpoints one job sends to. Smaller than the e-mail batches: a receiver may take up to the timeout,
 * so a job of 100 at 20 at once ends within five timeouts even when every receiver is slow.
 */
export const WEBHOOK_BATCH_SIZE = 100;
const SEND_CONCURRENCY = 20;
/** A run of a batch more than this early for its try is a duplicate of one already scheduled: it does nothing. */
const EARLY_SLACK_MS = 1000;

export interface WebhookBatchTask {
  messageId: string;
  batch: number;
}

/** The id of the task of one try of a batch (each try its own id: a run schedules the next while it holds its own). */
export function batchTaskId(messageId: string, batch: number, tryNumber: number): string {
  return `${messageId}-${batch}-${tryNumber}`;
}

/** What sending needs besides the context. */
export interface WebhookSendDeps {
  sender: WebhookSender;
  limits: TierDailyLimits;
  metrics: ServerMetrics;
  /** The waits after each failed try, in milliseconds (WEBHOOK_RETRY_SCHEDULE). */
  schedule: readonly number[];
  /** Told of the endpoints a run disabled (after its writes are committed). */
  onDisabled(endpoints: DisabledEndpoint[]): Promise<void>;
}

/** The server's rule for disabling an endpoint, read from the configuration at each run. */
export function disableRule(ctx: ServerContext) {
  return {
    afterFailures: ctx.config.WEBHOOK_DISABLE_AFTER_FAILURES,
    failingBefore: new Date(ctx.now().getTime() - ctx.config.WEBHOOK_DISABLE_AFTER_MS),
    reason: WebhookMessages.failingReason,
  };
}

/**
 * The wait before the next try after `tries` failed ones: the schedule's, spread by up to a fifth either
 * way so that endpoints failing together (one receiver's outage) do not come back together. Null once
 * the schedule is used up.
 */
export function retryWait(
  schedule: readonly number[],
  tries: number,
  random: () => number = Math.random,
): number | null {
  const wait = schedule[tries - 1];
  if (wait === undefined) return null;
  return Math.round(wait * (0.8 + 0.4 * random()));
}

/** The secrets a try signs with: the endpoint's, and one a rotation replaced while it still honours it. */
function signingSecrets(target: QueuedWebhook, at: Date): string[] {
  const previous = target.previousSecret;
  return previous && previous.until > at ? [target.secret, previous.secret] : [target.secret];
}

/** One signed POST of a message to an endpoint, as a try for the log. */
export async function tryEndpoint(
  ctx: ServerContext,
  sender: WebhookSender,
  message: MessageRow,
  target: QueuedWebhook,
): Promise<{ attempt: NonNullable<WebhookTry['attempt']>; error: string | null }> {
  const at = ctx.now();
  const headers = signedHeaders(signingSecrets(target, at), message.id, at, message.payload);
  const result = await sender.post(target.url, headers, message.payload);
  return {
    attempt: { at, succeeded: result.succeeded, responseStatus: result.status, responseMs: result.responseMs },
    error: result.error,
  };
}

/**
 * One try of a message at the endpoints of one batch that are not final yet. Before each try the
 * endpoint (deleted, disabled) and its member's access to the signal are read again: skipped when they
 * no longer hold. A failed try stays queued with its error while the retry schedule has a next wait,
 * and the batch's next try is scheduled then (jittered); once the schedule is used up it is failed,
 * which counts towards disabling the endpoint. The run's log rows, attempts, failure streaks and the
 * batch's state are written in one transaction. A failure to reach the database throws, and the task
 * queue runs the same try again.
 */
export async function sendWebhookBatch(
  ctx: ServerContext,
  deps: WebhookSendDeps,
  payload: WebhookBatchTask,
): Promise<void> {
  const found = await findQueuedWebhookBatch(ctx.db, payload.messageId, payload.batch);
  if (!found) return;
  const { message, queued } = found;
  if (found.nextTryAt && found.nextTryAt.getTime() - ctx.now().getTime() > EARLY_SLACK_MS) return;
  const tryNumber = found.tries + 1;
  const wait = retryWait(deps.schedule, tryNumber);
  const row = message.signal_id ? await findSignal(ctx.db, message.signal_id) : undefined;
  const signal = row ? presentSignal(row) : null;

  async function deliver(target: QueuedWebhook): Promise<WebhookTry> {
    const base = { endpointId: target.endpointId, userId: target.userId };
    if (target.disabled) return { ...base, status: 'skipped', error: 'endpoint disabled', attempt: null };
    if (!signal || !seesSignalInFull(target, signal, deps.limits, ctx.now())) {
      return { ...base, status: 'skipped', error: 'no longer entitled to this signal', attempt: null };
    }
    const { attempt, error } = await tryEndpoint(ctx, deps.sender, message, target);
    if (attempt.succeeded) return { ...base, status: 'sent', error: null, attempt };
    return { ...base, status: wait === null ? 'failed' : 'queued', error, attempt };
  }

  const tries: WebhookTry[] = [];
  for (let i = 0; i < queued.length; i += SEND_CONCURRENCY) {
    tries.push(...(await Promise.all(queued.slice(i, i + SEND_CONCURRENCY).map(deliver))));
  }
  const retrying = tries.some((t) => t.status === 'queued');
  const nextTryAt = retrying && wait !== null ? new Date(ctx.now().getTime() + wait) : null;
  const disabled = await ctx.db.transaction().execute(async (trx) => {
    const ended = await recordWebhookTries(trx, {
      messageId: message.id,
      trigger: 'delivery',
      tries,
      now: ctx.now(),
      disable: disableRule(ctx),
    });
    await updateWebhookBatch(trx, message.id, payload.batch, { tries: tryNumber, nextTryAt });
    return ended;
  });
  for (const status of ['sent', 'failed', 'skipped'] as const) {
    const count = tries.filter((t) => t.status === status).length;
    if (count > 0) deps.metrics.signalDeliveries.inc({ channel: 'webhook', status }, count);
  }
  if (disabled.length > 0) await deps.onDisabled(disabled);
  if (nextTryAt) {
    // Scheduled after the commit: if this fails, the restore finds the batch with its next try's time.
    await ctx.tasks.scheduleMany(WEBHOOK_TASKS.send, [
      { id: batchTaskId(message.id, payload.batch, tryNumber + 1), payload, runAt: nextTryAt },
    ]);
  }
}

/** What must be pending after a restart: every batch with endpoints still queued, at its next try's time. */
export async function pendingWebhookBatches(ctx: ServerContext) {
  const rows = await findPendingWebhookBatches(ctx.db);
  return rows.map((row) => ({
    id: batchTaskId(row.message_id, row.batch, row.tries + 1),
    payload: { messageId: row.message_id, batch: row.batch } satisfies WebhookBatchTask,
    runAt: row.next_try_at ? new Date(row.next_try_at) : undefined,
  }));
}
