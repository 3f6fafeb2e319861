import { randomUUID } from 'node:crypto';
import { findSignal, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { seesSignalInFull } from '../delivery/delivery.access.js';
import {
  type ClaimedManualSend,
  claimManualSend,
  endpointsWithManualSends,
  finishManualSend,
  hasManualSends,
  releaseManualSend,
} from './webhook-manual.repository.js';
import { recordWebhookTries, type WebhookTry } from './webhooks.repository.js';
import { disableRule, tryEndpoint, WEBHOOK_TASKS, type WebhookSendDeps } from './webhooks.tasks.js';

/**
 * What members ask to send again (resends, recoveries, test events) runs in a lane of its own: its tasks
 * are background work, taken only when no live delivery waits, and at most this many run at once in a
 * process, so however slow the receivers behind them, live deliveries keep the rest of the queue.
 */
export const MANUAL_CONCURRENCY = 2;

/** A turn of an endpoint's queue: send its oldest waiting message. */
export interface WebhookManualTask {
  endpointId: string;
}

/** Schedules a turn of an endpoint's queue (ids are fresh: a turn schedules the next while it runs). */
export async function scheduleManualTurn(ctx: Pick<ServerContext, 'tasks'>, endpointId: string): Promise<void> {
  await ctx.tasks.scheduleMany<WebhookManualTask>(WEBHOOK_TASKS.manual, [
    { id: `${endpointId}-${randomUUID()}`, payload: { endpointId } },
  ]);
}

/**
 * One turn of an endpoint's queue: claims its oldest waiting message (nothing when another process is
 * sending one of its messages: that turn goes on with the queue), sends it once, logs the try and
 * removes it, then schedules the next turn while messages wait. A message of a signal the member may no
 * longer see in full, or (but for a test) to an endpoint disabled meanwhile, is dropped without a try.
 * A resend or recovery that gets through makes its delivery sent; none counts towards disabling.
 */
export async function sendNextManual(
  ctx: ServerContext,
  deps: WebhookSendDeps,
  task: WebhookManualTask,
): Promise<void> {
  const holdMs = ctx.config.WEBHOOK_TIMEOUT_MS * 2 + 5000;
  const claimed = await claimManualSend(ctx.db, task.endpointId, ctx.now(), holdMs);
  if (!claimed) return;
  try {
    const { message, target } = claimed;
    const base = { endpointId: target.endpointId, userId: target.userId };
    let tried: WebhookTry | null = null;
    if (claimed.trigger === 'test' || (!target.disabled && (await stillEntitled(ctx, deps, claimed)))) {
      const { attempt, error } = await tryEndpoint(ctx, deps.sender, message, target);
      tried = { ...base, status: attempt.succeeded ? 'sent' : 'failed', error, attempt };
    }
    await ctx.db.transaction().execute(async (trx) => {
      if (tried) {
        await recordWebhookTries(trx, {
          messageId: message.id,
          trigger: claimed.trigger,
          tries: [tried],
          now: ctx.now(),
          disable: disableRule(ctx),
        });
      }
      await finishManualSend(trx, claimed.id);
    });
  } catch (error) {
    // Let the message be taken again at once by the task queue's retry, rather than after its hold.
    await releaseManualSend(ctx.db, claimed.id);
    throw error;
  }
  if (await hasManualSends(ctx.db, task.endpointId)) await scheduleManualTurn(ctx, task.endpointId);
}

/** Whether the member may still see in full the signal a message is about. */
async function stillEntitled(ctx: ServerContext, deps: WebhookSendDeps, claimed: ClaimedManualSend): Promise<boolean> {
  const row = claimed.message.signal_id ? await findSignal(ctx.db, claimed.message.signal_id) : undefined;
  return row !== undefined && seesSignalInFull(claimed.target, presentSignal(row), deps.limits, ctx.now());
}

/** What must be pending after a restart: a turn for every endpoint with messages waiting. */
export async function pendingManualTurns(ctx: ServerContext) {
  return (await endpointsWithManualSends(ctx.db)).map((endpointId) => ({
    id: `${endpointId}-restore`,
    payload: { endpointId } satisfies WebhookManualTask,
  }));
}
