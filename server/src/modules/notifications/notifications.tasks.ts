import { isSignalNoticeFinal } from '@signalroom/shared';
import { findSignal, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { pruneNotifications, updateSignalNotifications } from './notifications.service.js';

/** Deletes notifications past their keeping time; its id is the UTC day it runs for. */
export const NOTIFICATION_PRUNE_TASK = 'notification-prune';
/** Gives a resolved signal's notifications its outcome; its id is the signal's. */
export const NOTIFICATION_OUTCOME_TASK = 'notification-outcome';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, as the prune task's id (`2026-11-28`). */
function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The daily prune and the outcome of delivered signals, on the task queue (any server process runs
 * them, once). The prune runs at start (its restore: the task of today, at once) and then at each UTC
 * midnight, each run scheduling the next under the next day's id, so a run in progress never holds the
 * id the next one needs. Every process hears `signal:update`; a final one schedules the outcome task
 * under the signal's id, so one process writes it, from the signal as the database holds it.
 */
export function defineNotificationTasks(ctx: ServerContext): void {
  const log = ctx.logger.child({ module: 'notifications' });

  ctx.tasks.define<Record<string, never>>(
    NOTIFICATION_PRUNE_TASK,
    async () => {
      const deleted = await pruneNotifications(ctx);
      if (deleted > 0) log.info({ deleted }, 'old notifications deleted');
      const now = ctx.now();
      const next = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
      await ctx.tasks.schedule(NOTIFICATION_PRUNE_TASK, dayKey(next), {}, next);
    },
    { attempts: 3, backoffMs: 60_000, restore: async () => [{ id: dayKey(ctx.now()), payload: {} }] },
  );

  ctx.tasks.define<{ signalId: string }>(
    NOTIFICATION_OUTCOME_TASK,
    async ({ signalId }) => {
      const row = await findSignal(ctx.db, signalId);
      if (!row) return;
      const signal = presentSignal(row);
      if (!isSignalNoticeFinal(signal)) return;
      const changed = await updateSignalNotifications(ctx, signal);
      if (changed > 0) log.info({ signalId, changed }, 'signal notifications given their outcome');
    },
    { attempts: 5, backoffMs: 2000 },
  );

  ctx.bus.subscribe((event) => {
    if (event.type !== 'signal:update' || !isSignalNoticeFinal(event.signal)) return;
    const task = { id: event.signal.id, payload: { signalId: event.signal.id } };
    ctx.tasks.scheduleMany(NOTIFICATION_OUTCOME_TASK, [task]).catch((error: unknown) => {
      log.error({ signalId: event.signal.id, err: error }, 'signal notification outcome not scheduled');
    });
  });
}
