import type { DeliveryChannel, TierDailyLimits } from '@signalroom/shared';
import { findSignal, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import type { ServerMetrics } from '../../observability/metrics.registry.js';
import { receivesSignalNow } from './delivery.access.js';
import type { ChannelSender } from './delivery.channels.js';
import { signalMessage } from './delivery.message.js';
import {
  type DeliveryTry,
  findPendingBatches,
  findQueuedBatch,
  markBatchDone,
  type QueuedDelivery,
  recordDeliveryTries,
} from './delivery.repository.js';

/** Task kinds: the fan-out of a signal (id = signal id), and one kind per channel for batches of rows. */
export const DELIVERY_TASKS = {
  fanOut: 'signal-delivery',
  email: 'signal-email',
  push: 'signal-push',
  telegram: 'signal-telegram',
} as const satisfies Record<DeliveryChannel | 'fanOut', string>;

/** Rows one delivery job sends: small enough that a retry repeats little, large enough that 10,000
 * members are a few dozen jobs. */
export const DELIVERY_BATCH_SIZE = 200;

/** Sends at once within a batch (SMTP connections, push requests in flight). */
const SEND_CONCURRENCY = 10;

export interface DeliveryBatch {
  signalId: string;
  batch: number;
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'unknown error';
}

/**
 * Sends the recipients of one batch not yet final. Before each send the member's access and choice are
 * read again (revoked, opted out, window closed: skipped). A `gone` recipient fails at once; any other
 * failure stays queued with its error, and the job throws so the queue retries it with backoff; on the
 * last attempt those are marked failed. A retry sends only what is not final; the tries of a run are
 * written in one statement, and the batch is marked done once nothing is left.
 */
export async function sendBatch(
  ctx: ServerContext,
  deps: { channel: DeliveryChannel; sender: ChannelSender; limits: TierDailyLimits; metrics: ServerMetrics },
  payload: DeliveryBatch,
  run: { attempt: number; lastAttempt: boolean },
): Promise<void> {
  const { channel, sender, metrics } = deps;
  const queued = await findQueuedBatch(ctx.db, payload.signalId, channel, payload.batch);
  if (queued === null) return;
  const row = await findSignal(ctx.db, payload.signalId);
  const signal = row ? presentSignal(row) : null;
  const tries: DeliveryTry[] = [];
  let lastError = '';

  async function deliver(delivery: QueuedDelivery): Promise<DeliveryTry> {
    const base = { recipient: delivery.recipient, userId: delivery.id };
    if (!signal || !delivery.optedIn || !receivesSignalNow(delivery, signal, deps.limits, ctx.now())) {
      const why = !delivery.optedIn ? 'signal notifications turned off' : 'no longer entitled, or the window closed';
      return { ...base, status: 'skipped', error: why, tried: false };
    }
    try {
      const message = signalMessage(signal, delivery, ctx.config, ctx.now());
      const outcome = await sender.send(delivery, message, signal);
      if (outcome.status === 'gone') return { ...base, status: 'failed', error: outcome.error, tried: true };
      return { ...base, status: 'sent', error: null, tried: true };
    } catch (error) {
      lastError = reason(error);
      return { ...base, status: run.lastAttempt ? 'failed' : 'queued', error: lastError, tried: true };
    }
  }

  for (let i = 0; i < queued.length; i += SEND_CONCURRENCY) {
    tries.push(...(await Promise.all(queued.slice(i, i + SEND_CONCURRENCY).map(deliver))));
  }
  await recordDeliveryTries(ctx.db, payload.signalId, channel, tries, ctx.now());
  const retrying = tries.filter((t) => t.status === 'queued').length;
  for (const status of ['sent', 'failed', 'skipped'] as const) {
    const count = tries.filter((t) => t.status === status).length;
    if (count > 0) metrics.signalDeliveries.inc({ channel, status }, count);
  }
  if (retrying > 0) {
    throw new Error(
      `${retrying} of ${queued.length} ${channel} deliveries failed (attempt ${run.attempt}): ${lastError}`,
    );
  }
  await markBatchDone(ctx.db, payload.signalId, channel, payload.batch);
}

/** What must be pending after a restart: every batch of a channel with rows still queued. */
export async function pendingBatches(ctx: ServerContext, channel: DeliveryChannel) {
  const rows = await findPendingBatches(ctx.db, channel);
  return rows.map((row) => ({
    id: `${row.signal_id}-${row.batch}`,
    payload: { signalId: row.signal_id, batch: row.batch } satisfies DeliveryBatch,
  }));
}
