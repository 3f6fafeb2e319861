import type { ServerContext } from '../../context.js';
import { runWitnessRound } from './witness-round.js';

/** The task that asks the witnesses to cosign the log's latest checkpoint. */
export const WITNESS_TASK = 'record-witness';

/** The round a process restores at start (a round always takes the latest checkpoint, whatever its id). */
const ROUND_ID = 'latest';

/**
 * Witnessing runs as a task on the shared queue, one per checkpoint signed (its id names the note), so
 * with several server processes each is scheduled once whoever hears of it: the worker's, the desk's,
 * an admin's payout change. A round always takes the latest checkpoint and skips the witnesses that
 * already cosigned it, so rounds for older checkpoints that run late cost a query. A witness that did not answer makes the task fail, so the queue retries it with backoff;
 * the checkpoint signed at each slot's boundary starts a fresh round anyway. A round is also restored at
 * start. Issuing never waits for any of this: the task runs after the append committed.
 */
export function defineWitnessTask(ctx: ServerContext): void {
  if (ctx.record.settings.witnesses.length === 0) return;
  ctx.tasks.define(
    WITNESS_TASK,
    async () => {
      const result = await runWitnessRound({
        db: ctx.db,
        verifier: ctx.record.verifier,
        witnesses: ctx.record.settings.witnesses,
        logger: ctx.logger,
      });
      if (!result) return;
      if (result.cosigned.length > 0 || result.refused.length > 0) await ctx.events.recordWitnessed(result.noteId);
      if (result.unreachable.length > 0) {
        throw new Error(`witnesses did not answer: ${result.unreachable.join(', ')}; asking again`);
      }
    },
    { attempts: 6, backoffMs: 2000, restore: async () => [{ id: ROUND_ID, payload: {} }] },
  );
  ctx.bus.subscribe((event) => {
    if (event.type !== 'record:checkpoint') return;
    ctx.tasks
      .schedule(WITNESS_TASK, `n${event.noteId}`, {})
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error }, 'track record: could not schedule a witness round; the next checkpoint will'),
      );
  });
}
