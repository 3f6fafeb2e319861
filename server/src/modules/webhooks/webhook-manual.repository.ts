import type { Db } from '../../db/database.js';
import { type MessageRow, type QueuedWebhook, TARGET_COLUMNS, toTarget } from './webhooks.repository.js';

/**
 * The queue of what members asked to send again (resends, recoveries, test events): one queue per
 * endpoint, bounded, sent oldest first and one message at a time per endpoint, so one member's requests
 * wait behind each other and never beside another member's.
 */

export type ManualTrigger = 'resend' | 'recover' | 'test';

/**
 * Queues messages for one endpoint, oldest first, as far as the endpoint's queue has room (`max`
 * waiting). A message already waiting for it stays where it is. Runs under a lock on the endpoint, so
 * two requests at once cannot both fill the last places. Answers how many were added and how many
 * did not fit.
 */
export async function enqueueManualSends(
  db: Db,
  input: { endpointId: string; messageIds: string[]; trigger: ManualTrigger; now: Date; max: number },
): Promise<{ added: number; left: number }> {
  if (input.messageIds.length === 0) return { added: 0, left: 0 };
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', input.endpointId).forUpdate().execute();
    const waiting = await trx
      .selectFrom('webhook_manual_sends')
      .select(['message_id'])
      .where('endpoint_id', '=', input.endpointId)
      .execute();
    const already = new Set(waiting.map((row) => row.message_id));
    const fresh = input.messageIds.filter((id) => !already.has(id));
    const room = Math.max(0, input.max - waiting.length);
    const taken = fresh.slice(0, room);
    if (taken.length > 0) {
      await trx
        .insertInto('webhook_manual_sends')
        .values(
          taken.map((messageId, order) => ({
            endpoint_id: input.endpointId,
            message_id: messageId,
            trigger: input.trigger,
            // One request's messages keep their order among themselves.
            queued_at: new Date(input.now.getTime() + order),
          })),
        )
        .onConflict((oc) => oc.columns(['endpoint_id', 'message_id']).doNothing())
        .execute();
    }
    return { added: taken.length, left: fresh.length - taken.length };
  });
}

/** One waiting send, claimed: the message, the endpoint and its member, and why it was asked for. */
export interface ClaimedManualSend {
  id: string;
  trigger: ManualTrigger;
  message: MessageRow;
  target: QueuedWebhook;
}

/**
 * Claims the oldest waiting send of an endpoint for `holdMs`, unless one of its sends is already being
 * sent (its claim not yet lapsed): each endpoint has one send in flight at most. The endpoint's row is
 * locked while choosing, so two processes cannot both claim. Null when nothing may be sent now.
 */
export async function claimManualSend(
  db: Db,
  endpointId: string,
  now: Date,
  holdMs: number,
): Promise<ClaimedManualSend | null> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom('webhook_endpoints as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(TARGET_COLUMNS)
      .where('e.id', '=', endpointId)
      .forUpdate('e')
      .executeTakeFirst();
    if (!endpoint) return null;
    const inFlight = await trx
      .selectFrom('webhook_manual_sends')
      .select('id')
      .where('endpoint_id', '=', endpointId)
      .where('claimed_until', '>', now)
      .executeTakeFirst();
    if (inFlight) return null;
    const next = await trx
      .updateTable('webhook_manual_sends')
      .set({ claimed_until: new Date(now.getTime() + holdMs) })
      .where(
        'id',
        '=',
        trx
          .selectFrom('webhook_manual_sends')
          .select('id')
          .where('endpoint_id', '=', endpointId)
          .orderBy('queued_at')
          .orderBy('id')
          .limit(1),
      )
      .returning(['id', 'trigger', 'message_id'])
      .executeTakeFirst();
    if (!next) return null;
    const message = await trx
      .selectFrom('webhook_messages')
      .select(['id', 'event', 'signal_id', 'payload'])
      .where('id', '=', next.message_id)
      .executeTakeFirstOrThrow();
    return { id: next.id, trigger: next.trigger, message, target: toTarget(endpoint) };
  });
}

/** Lets go of a claimed send without sending it (the run failed): it may be taken again at once. */
export async function releaseManualSend(db: Db, id: string): Promise<void> {
  await db.updateTable('webhook_manual_sends').set({ claimed_until: null }).where('id', '=', id).execute();
}

/** Removes a send once it was tried (or skipped). */
export async function finishManualSend(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhook_manual_sends').where('id', '=', id).execute();
}

/** Whether anything waits for this endpoint. */
export async function hasManualSends(db: Db, endpointId: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_manual_sends')
    .select('id')
    .where('endpoint_id', '=', endpointId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every endpoint with sends waiting (what a restart takes up again). */
export async function endpointsWithManualSends(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('webhook_manual_sends').select('endpoint_id').distinct().execute();
  return rows.map((row) => row.endpoint_id);
}

/**
 * The messages whose delivery to this endpoint failed (after its whole schedule) since a time, oldest
 * first, at most `limit`.
 */
export async function findFailedDeliveriesSince(
  db: Db,
  endpointId: string,
  since: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('message_id')
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'failed')
    .where('queued_at', '>=', since)
    .orderBy('queued_at')
    .orderBy('message_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.message_id);
}
