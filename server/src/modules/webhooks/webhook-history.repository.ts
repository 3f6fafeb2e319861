import type { DeliveryStatus, WebhookMessageEvent, WebhookTrigger } from '@signalroom/shared';
import { pageAtOf } from '@signalroom/shared-node';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PagePlace } from '../../http/page-cursor.js';

/**
 * What a member reads of an endpoint's history: its attempts (each HTTP try) and its deliveries (what
 * each message came to), both a page at a time, newest first.
 */

/** An attempt as the member's list shows it. */
export interface AttemptRow {
  id: string;
  message_id: string;
  event: WebhookMessageEvent;
  signal_id: string | null;
  at: Date;
  trigger: WebhookTrigger;
  succeeded: boolean;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
}

/**
 * A page of the endpoint's attempts, newest first (ties by id): before `before`, since `since`, read
 * `limit + 1` so the caller knows whether an older page follows.
 */
export function listAttempts(
  db: Db,
  endpointId: string,
  page: { limit: number; before: PagePlace | null; since: Date | null },
): Promise<(AttemptRow & { page_at: string; page_id: string })[]> {
  let query = db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_messages as m', 'm.id', 'a.message_id')
    .select([
      'a.id',
      'a.message_id',
      'm.event',
      'm.signal_id',
      'a.at',
      'a.trigger',
      'a.succeeded',
      'a.response_status',
      'a.response_ms',
      'a.error',
      'a.id as page_id',
    ])
    .select(pageAtOf('a.at').as('page_at'))
    .where('a.endpoint_id', '=', endpointId);
  if (page.before)
    query = query.where(sql<boolean>`(a.at, a.id) < (${page.before.at}::timestamptz, ${page.before.id}::uuid)`);
  if (page.since) query = query.where('a.at', '>=', page.since);
  return query
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** One message at one endpoint, as the member's list of deliveries shows it. */
export interface DeliveryRow {
  message_id: string;
  event: WebhookMessageEvent;
  signal_id: string | null;
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
  queued_at: Date;
  updated_at: Date;
}

/**
 * A page of the endpoint's deliveries, newest first (ties by message id), of one status or all: before
 * `before`, queued since `since`, read `limit + 1`.
 */
export function listDeliveries(
  db: Db,
  endpointId: string,
  page: { limit: number; before: PagePlace | null; since: Date | null; status: DeliveryStatus | null },
): Promise<(DeliveryRow & { page_at: string; page_id: string })[]> {
  let query = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
    .select([
      'd.message_id',
      'm.event',
      'm.signal_id',
      'd.status',
      'd.attempts',
      'd.error',
      'd.queued_at',
      'd.updated_at',
      'd.message_id as page_id',
    ])
    .select(pageAtOf('d.queued_at').as('page_at'))
    .where('d.endpoint_id', '=', endpointId);
  if (page.before) {
    query = query.where(
      sql<boolean>`(d.queued_at, d.message_id) < (${page.before.at}::timestamptz, ${page.before.id}::uuid)`,
    );
  }
  if (page.since) query = query.where('d.queued_at', '>=', page.since);
  if (page.status) query = query.where('d.status', '=', page.status);
  return query
    .orderBy('d.queued_at', 'desc')
    .orderBy('d.message_id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** The message of one attempt at one of the member's endpoints, or null. */
export async function findAttemptMessage(
  db: Db,
  userId: string,
  endpointId: string,
  attemptId: string,
): Promise<{ messageId: string; disabled: boolean } | null> {
  const row = await db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_endpoints as e', 'e.id', 'a.endpoint_id')
    .select(['a.message_id', 'e.disabled_at'])
    .where('a.id', '=', attemptId)
    .where('a.endpoint_id', '=', endpointId)
    .where('e.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { messageId: row.message_id, disabled: row.disabled_at !== null } : null;
}
