import { IDEMPOTENCY_KEEP_MS } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { deleteKeysBefore } from './idempotency.repository.js';

/** Deletes Idempotency-Keys past their 24 hours; its id is the hour it runs for. */
export const IDEMPOTENCY_PRUNE_TASK = 'idempotency-prune';

const HOUR_MS = 60 * 60_000;

/** The UTC hour of a moment, as the prune task's id (`2026-12-02T04`). */
function hourKey(at: Date): string {
  return at.toISOString().slice(0, 13);
}

/**
 * The hourly prune of Idempotency-Keys, on the task queue (one process runs it): at start (its restore)
 * and then at each hour, each run scheduling the next under the next hour's id. A key past its time is
 * taken afresh anyway; the prune only keeps the table small.
 */
export function defineIdempotencyTasks(ctx: ServerContext): void {
  const log = ctx.logger.child({ module: 'idempotency' });
  ctx.tasks.define<Record<string, never>>(
    IDEMPOTENCY_PRUNE_TASK,
    async () => {
      const deleted = await deleteKeysBefore(ctx.db, new Date(ctx.now().getTime() - IDEMPOTENCY_KEEP_MS));
      if (deleted > 0) log.info({ deleted }, 'old idempotency keys deleted');
      const next = new Date(Math.floor(ctx.now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
      await ctx.tasks.schedule(IDEMPOTENCY_PRUNE_TASK, hourKey(next), {}, next);
    },
    { attempts: 3, backoffMs: 60_000, restore: async () => [{ id: hourKey(ctx.now()), payload: {} }] },
  );
}
