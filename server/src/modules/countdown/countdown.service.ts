import { countdownAt, offerDurationError, type TCountdown, type TCountdownConfig } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { assertNoFieldErrors } from '../../http/parse.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { type CountdownRow, findOrCreateCountdown, updateCountdownDeadline } from './countdown.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db' | 'events' | 'logger' | 'now'>;

function presentConfig(row: CountdownRow, now: Date): TCountdownConfig {
  const deadline = new Date(row.deadline);
  return {
    deadline: deadline.toISOString(),
    windowMinutes: row.window_minutes,
    ended: deadline.getTime() <= now.getTime(),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

/** The offer countdown now (public). At zero it has ended; nothing restarts it by itself. */
export async function currentCountdown(ctx: ServiceContext): Promise<TCountdown> {
  const now = ctx.now();
  const row = await findOrCreateCountdown(ctx.db, now);
  return countdownAt(new Date(row.deadline), now);
}

/** What an admin sees: the deadline, the default window and who set it last. */
export async function countdownConfig(ctx: ServiceContext): Promise<TCountdownConfig> {
  const now = ctx.now();
  return presentConfig(await findOrCreateCountdown(ctx.db, now), now);
}

/**
 * Sets a new deadline (now + durationMinutes, or the default window) and tells every client at once;
 * the worker's next tick reads the same row. A window outside 1 minute to 30 days is refused (400) with
 * the offer-window rule's message before anything is written.
 */
export async function resetOfferCountdown(
  ctx: ServiceContext,
  actor: AuditActor,
  durationMinutes: number | undefined,
): Promise<TCountdownConfig> {
  if (durationMinutes !== undefined) {
    assertNoFieldErrors({ durationMinutes: offerDurationError(durationMinutes) ?? undefined });
  }
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await findOrCreateCountdown(trx, now);
    const after = await updateCountdownDeadline(trx, { now, durationMinutes, by: actor.id });
    await recordAudit(trx, {
      actor,
      action: 'offer.reset',
      targetType: 'offer',
      targetId: null,
      targetLabel: 'Offer countdown',
      before: { deadline: new Date(before.deadline).toISOString() },
      after: { deadline: new Date(after.deadline).toISOString(), durationMinutes: durationMinutes ?? null },
    });
    return after;
  });
  await ctx.events.countdownTick(countdownAt(new Date(row.deadline), now));
  ctx.logger.info({ admin: actor.id, deadline: new Date(row.deadline).toISOString() }, 'offer countdown reset');
  return presentConfig(row, now);
}
