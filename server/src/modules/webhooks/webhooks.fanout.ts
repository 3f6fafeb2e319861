import {
  type TierDailyLimits,
  type TSignal,
  type TSignalNote,
  type WebhookEvent,
  ZWebhookPayload,
} from '@signalroom/shared';
import { findSignal, listSignalNotes, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import type { ServerMetrics } from '../../observability/metrics.registry.js';
import { seesSignalInFull } from '../delivery/delivery.access.js';
import { findWebhookTargets, insertMessage, insertWebhookBatches } from './webhooks.repository.js';
import { batchTaskId, WEBHOOK_BATCH_SIZE, WEBHOOK_TASKS, type WebhookBatchTask } from './webhooks.tasks.js';

/** Which event a fan-out is about: a signal issued or resolved, or one note on it. */
export interface WebhookEventRef {
  event: WebhookEvent;
  signalId: string;
  noteId: string | null;
}

/** The one message an event gets (a second fan-out of it finds this key taken). */
export function eventKeyOf(ref: WebhookEventRef): string {
  return `${ref.event}:${ref.noteId ?? ref.signalId}`;
}

/** The fan-out task's id: one per event, whichever process schedules it. */
export function fanOutTaskId(ref: WebhookEventRef): string {
  return `${ref.event.replace('signal.', '')}-${ref.noteId ?? ref.signalId}`;
}

/** When the event happened (the body's `timestamp`). */
function eventTime(ref: WebhookEventRef, signal: TSignal, note: TSignalNote | null, resolvedAt: Date | null): string {
  if (note) return note.createdAt;
  if (ref.event === 'signal.resolved')
    return (resolvedAt ?? new Date(signal.updatedAt ?? signal.expiresAt)).toISOString();
  return signal.issuedAt ?? signal.createdAt;
}

/**
 * Queues one event's webhooks: every enabled endpoint that chose the event, of a member whose room shows
 * the signal in full. The body is written once, as the API answers the signal (with its notes), and
 * stored with the message; each try signs it for its endpoint. The message and its batches are written
 * in one transaction, then one job per batch is scheduled. A second run adds nothing. Answers how many
 * deliveries were queued.
 */
export async function fanOutWebhookEvent(
  ctx: ServerContext,
  deps: { limits: TierDailyLimits; metrics: ServerMetrics },
  ref: WebhookEventRef,
): Promise<number> {
  const row = await findSignal(ctx.db, ref.signalId);
  if (!row) return 0;
  const notes = (await listSignalNotes(ctx.db, [row.id])).get(row.id) ?? [];
  const signal: TSignal = { ...presentSignal(row), notes };
  const note = ref.noteId ? (notes.find((n) => n.id === ref.noteId) ?? null) : null;
  if (ref.event === 'signal.note' && !note) return 0;
  const now = ctx.now();
  const body = ZWebhookPayload.parse({
    type: ref.event,
    timestamp: eventTime(ref, signal, note, row.resolved_at ? new Date(row.resolved_at) : null),
    data: note ? { signal, note } : { signal },
  });
  const payload = JSON.stringify(body);

  const targets = (await findWebhookTargets(ctx.db, ref.event)).filter((target) =>
    seesSignalInFull(target, signal, deps.limits, now),
  );
  const batches: { batch: number; endpoints: string[] }[] = [];
  for (let start = 0; start < targets.length; start += WEBHOOK_BATCH_SIZE) {
    batches.push({
      batch: start / WEBHOOK_BATCH_SIZE,
      endpoints: targets.slice(start, start + WEBHOOK_BATCH_SIZE).map((t) => t.endpointId),
    });
  }
  const messageId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertMessage(trx, {
      event: ref.event,
      eventKey: eventKeyOf(ref),
      signalId: row.id,
      payload,
      now,
    });
    if (id) await insertWebhookBatches(trx, id, batches, now);
    return id;
  });
  if (!messageId || batches.length === 0) return 0;
  await ctx.tasks.scheduleMany(
    WEBHOOK_TASKS.send,
    batches.map((b) => ({
      id: batchTaskId(messageId, b.batch, 1),
      payload: { messageId, batch: b.batch } satisfies WebhookBatchTask,
    })),
  );
  deps.metrics.signalDeliveries.inc({ channel: 'webhook', status: 'queued' }, targets.length);
  return targets.length;
}
