import type {
  AccessFields,
  DeliveryStatus,
  WebhookEvent,
  WebhookMessageEvent,
  WebhookTrigger,
} from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** An endpoint as its member's list shows it (never the secret). */
export interface EndpointRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  previous_secret_expires_at: Date | null;
}

const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'events',
  'created_at',
  'disabled_at',
  'disabled_reason',
  'failing_since',
  'previous_secret_expires_at',
] as const;

/** The member's endpoints, oldest first. */
export function listEndpoints(db: Db, userId: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many endpoints the member has (enabled or not: a disabled one can be enabled again). */
export async function countEndpoints(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertEndpoint(
  db: Db,
  endpoint: { userId: string; url: string; events: WebhookEvent[]; secret: string; now: Date },
): Promise<EndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      user_id: endpoint.userId,
      url: endpoint.url,
      events: sql<WebhookEvent[]>`${sql.val(endpoint.events)}::text[]`,
      secret: endpoint.secret,
      created_at: endpoint.now,
    })
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** One of the member's endpoints, locked for the rest of the transaction; null when it is not theirs. */
export async function lockEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow | null> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(ENDPOINT_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Changes an endpoint: its events, and/or whether it receives. Enabling it again starts its failure
 * count afresh; pausing it records why.
 */
export async function updateEndpoint(
  db: Db,
  id: string,
  change: { events?: WebhookEvent[]; disabled?: { at: Date; reason: string } | null },
): Promise<EndpointRow> {
  const set: Record<string, unknown> = {};
  if (change.events) set.events = sql`${sql.val(change.events)}::text[]`;
  if (change.disabled === null) {
    Object.assign(set, { disabled_at: null, disabled_reason: null, failing_since: null, failed_deliveries: 0 });
  } else if (change.disabled) {
    Object.assign(set, { disabled_at: change.disabled.at, disabled_reason: change.disabled.reason });
  }
  return db
    .updateTable('webhook_endpoints')
    .set(set)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Gives an endpoint a new signing secret; the one it replaces keeps signing until `overlapUntil` (a
 * secret replaced by an earlier rotation stops at once).
 */
export async function rotateEndpointSecret(
  db: Db,
  id: string,
  change: { secret: string; now: Date; overlapUntil: Date },
): Promise<EndpointRow> {
  return db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_expires_at: change.overlapUntil,
      secret: change.secret,
      secret_rotated_at: change.now,
    }))
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes one of the member's endpoints (its deliveries and attempts with it); the row, or null. */
export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow | null> {
  const row = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
  return row ?? null;
}

/** An endpoint that could receive an event, with its member's access fields for the room's rule. */
export interface WebhookTarget extends AccessFields {
  endpointId: string;
  userId: string;
}

/**
 * Enabled endpoints that chose this event, of members who could have live access at all (an unlocked
 * dashboard, or an admin): the shared access rule decides. One JSON value for all of them, as the
 * e-mail fan-out reads its members: ten thousand endpoints are one value to parse, not ten thousand rows.
 */
export async function findWebhookTargets(db: Db, event: WebhookEvent): Promise<WebhookTarget[]> {
  type Row = [string, string, WebhookTarget['role'], WebhookTarget['tier'], boolean, string | null];
  const result = await sql<{ targets: Row[] | null }>`
    select json_agg(json_build_array(e.id, u.id, u.role, u.tier, u.dashboard_unlocked, u.trial_ends_at)) as targets
    from webhook_endpoints e
    join users u on u.id = e.user_id
    where e.disabled_at is null and ${event} = any(e.events) and (u.dashboard_unlocked or u.role = 'admin')
  `.execute(db);
  return (result.rows[0]?.targets ?? []).map(([endpointId, userId, role, tier, dashboardUnlocked, trialEndsAt]) => ({
    endpointId,
    userId,
    role,
    tier,
    dashboardUnlocked,
    trialEndsAt,
  }));
}

/** Stores a test event's message for one endpoint (each test is its own message); its id. */
export async function insertTestMessage(db: Db, message: { payload: string; now: Date }): Promise<string> {
  const row = await db
    .insertInto('webhook_messages')
    .values({
      event: 'webhook.test',
      event_key: sql<string>`'webhook.test:' || gen_random_uuid()`,
      signal_id: null,
      payload: message.payload,
      created_at: message.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores an event's message; null when the event already has one (its fan-out ran). */
export async function insertMessage(
  db: Db,
  message: { event: WebhookEvent; eventKey: string; signalId: string; payload: string; now: Date },
): Promise<string | null> {
  const row = await db
    .insertInto('webhook_messages')
    .values({
      event: message.event,
      event_key: message.eventKey,
      signal_id: message.signalId,
      payload: message.payload,
      created_at: message.now,
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Writes a message's batches in one statement. */
export async function insertWebhookBatches(
  db: Db,
  messageId: string,
  batches: { batch: number; endpoints: string[] }[],
  now: Date,
): Promise<void> {
  if (batches.length === 0) return;
  await db
    .insertInto('webhook_delivery_batches')
    .values(
      batches.map((b) => ({
        message_id: messageId,
        batch: b.batch,
        endpoints: sql<string[]>`${sql.val(b.endpoints)}::uuid[]`,
        queued_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['message_id', 'batch']).doNothing())
    .execute();
}

/** The event keys among these that already have a message. */
export async function existingEventKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('webhook_messages')
    .select('event_key')
    .where(sql<boolean>`event_key = any(${sql.val(keys)}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.event_key));
}

/** A message as its sender needs it. */
export interface MessageRow {
  id: string;
  event: WebhookMessageEvent;
  /** Null for a test event. */
  signal_id: string | null;
  payload: string;
}

/** One endpoint of a batch still to try, with what the sender and the access re-check need. */
export interface QueuedWebhook extends WebhookTarget {
  url: string;
  secret: string;
  /** The secret a rotation replaced, and until when it signs too. */
  previousSecret: { secret: string; until: Date } | null;
  disabled: boolean;
}

/**
 * The message of one batch, how many tries its queued endpoints have had and when the next is due,
 * and those endpoints (not yet final in the log). An endpoint deleted meanwhile is left out. Null when
 * the batch is done or unknown.
 */
export async function findQueuedWebhookBatch(
  db: Db,
  messageId: string,
  batch: number,
): Promise<{ message: MessageRow; queued: QueuedWebhook[]; tries: number; nextTryAt: Date | null } | null> {
  const row = await db
    .selectFrom('webhook_delivery_batches as b')
    .innerJoin('webhook_messages as m', 'm.id', 'b.message_id')
    .select(['b.endpoints', 'b.done', 'b.tries', 'b.next_try_at', 'm.id', 'm.event', 'm.signal_id', 'm.payload'])
    .where('b.message_id', '=', messageId)
    .where('b.batch', '=', batch)
    .executeTakeFirst();
  if (!row || row.done) return null;
  const queued = await findQueuedEndpoints(db, messageId, row.endpoints);
  return {
    message: { id: row.id, event: row.event, signal_id: row.signal_id, payload: row.payload },
    queued,
    tries: row.tries,
    nextTryAt: row.next_try_at ? new Date(row.next_try_at) : null,
  };
}

/** An endpoint (`e`) and its member (`u`): what a try needs to sign, send and check the member's access. */
export const TARGET_COLUMNS = [
  'e.id as endpoint_id',
  'e.url',
  'e.secret',
  'e.previous_secret',
  'e.previous_secret_expires_at',
  'e.disabled_at',
  'u.id as user_id',
  'u.role',
  'u.tier',
  'u.dashboard_unlocked',
  'u.trial_ends_at',
] as const;

export function toTarget(r: {
  endpoint_id: string;
  user_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  disabled_at: Date | null;
  role: QueuedWebhook['role'];
  tier: QueuedWebhook['tier'];
  dashboard_unlocked: boolean;
  trial_ends_at: Date | null;
}): QueuedWebhook {
  return {
    endpointId: r.endpoint_id,
    userId: r.user_id,
    url: r.url,
    secret: r.secret,
    previousSecret:
      r.previous_secret && r.previous_secret_expires_at
        ? { secret: r.previous_secret, until: new Date(r.previous_secret_expires_at) }
        : null,
    disabled: r.disabled_at !== null,
    role: r.role,
    tier: r.tier,
    dashboardUnlocked: r.dashboard_unlocked,
    trialEndsAt: r.trial_ends_at?.toISOString() ?? null,
  };
}

/** Of these endpoints, those whose delivery of the message is not final yet, with their members. */
export async function findQueuedEndpoints(
  db: Db,
  messageId: string,
  endpointIds: readonly string[],
): Promise<QueuedWebhook[]> {
  if (endpointIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('webhook_deliveries as d', (join) =>
      join.onRef('d.endpoint_id', '=', 'e.id').on('d.message_id', '=', messageId),
    )
    .select(TARGET_COLUMNS)
    .where(sql<boolean>`e.id = any(${sql.val([...endpointIds])}::uuid[])`)
    .where((eb) => eb.or([eb('d.status', 'is', null), eb('d.status', '=', 'queued')]))
    .execute();
  return rows.map(toTarget);
}

/** What one try of one endpoint came to, for the log and the endpoint's list of attempts. */
export interface WebhookTry {
  endpointId: string;
  userId: string;
  /** `queued` while retries remain. */
  status: DeliveryStatus;
  error: string | null;
  /** The HTTP try, when there was one (a skip is not a try). */
  attempt: { at: Date; succeeded: boolean; responseStatus: number | null; responseMs: number | null } | null;
}

/**
 * Writes the tries of a run in one transaction's worth of statements: the log, the attempts, and each
 * endpoint's failure streak. The queue's deliveries (first try inserts, later ones update a queued row)
 * start a streak on any failed try (`failing_since`) and add one to its count when a delivery used up
 * its schedule; any try that gets through ends the streak. A member's resend or recovery that gets
 * through makes the delivery sent; one that fails leaves the streak alone (the member tried by hand).
 * Answers the endpoints that are now past the disabling rule and were disabled, with their members.
 */
export async function recordWebhookTries(
  db: Db,
  input: {
    messageId: string;
    trigger: WebhookTrigger;
    tries: WebhookTry[];
    now: Date;
    disable: { afterFailures: number; failingBefore: Date; reason: string };
  },
): Promise<DisabledEndpoint[]> {
  const { messageId, tries, now } = input;
  if (tries.length === 0) return [];
  if (input.trigger === 'delivery') {
    await sql`
      insert into webhook_deliveries (message_id, endpoint_id, user_id, status, attempts, error, queued_at, updated_at)
      select ${messageId}::uuid, t.endpoint_id, t.user_id, t.status, t.tried, t.error, ${now}, ${now}
      from unnest(
        ${sql.val(tries.map((t) => t.endpointId))}::uuid[],
        ${sql.val(tries.map((t) => t.userId))}::uuid[],
        ${sql.val(tries.map((t) => t.status))}::text[],
        ${sql.val(tries.map((t) => (t.attempt ? 1 : 0)))}::int[],
        ${sql.val(tries.map((t) => t.error))}::text[]
      ) as t(endpoint_id, user_id, status, tried, error)
      on conflict (message_id, endpoint_id) do update set
        status = excluded.status,
        attempts = webhook_deliveries.attempts + excluded.attempts,
        error = excluded.error,
        updated_at = excluded.updated_at
      where webhook_deliveries.status = 'queued'
    `.execute(db);
  } else if (input.trigger !== 'test') {
    // A resend or recovery that got through makes the delivery sent, whatever it ended as before.
    const sent = tries.filter((t) => t.attempt?.succeeded).map((t) => t.endpointId);
    if (sent.length > 0) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'sent', error: null, updated_at: now })
        .where('message_id', '=', messageId)
        .where(sql<boolean>`endpoint_id = any(${sql.val(sent)}::uuid[])`)
        .execute();
    }
  }
  const attempts = tries.flatMap((t) =>
    t.attempt
      ? [
          {
            endpoint_id: t.endpointId,
            message_id: messageId,
            trigger: input.trigger,
            at: t.attempt.at,
            succeeded: t.attempt.succeeded,
            response_status: t.attempt.responseStatus,
            response_ms: t.attempt.responseMs,
            error: t.error,
          },
        ]
      : [],
  );
  if (attempts.length > 0) await db.insertInto('webhook_attempts').values(attempts).execute();

  const succeeded = tries.filter((t) => t.attempt?.succeeded).map((t) => t.endpointId);
  if (succeeded.length > 0) {
    await db
      .updateTable('webhook_endpoints')
      .set({ failing_since: null, failed_deliveries: 0 })
      .where(sql<boolean>`id = any(${sql.val(succeeded)}::uuid[])`)
      .execute();
  }
  // Only the queue's deliveries count towards disabling: a resend is the member trying by hand.
  if (input.trigger !== 'delivery') return [];
  const failedTry = tries.filter((t) => t.attempt && !t.attempt.succeeded).map((t) => t.endpointId);
  if (failedTry.length > 0) {
    await db
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql`coalesce(failing_since, ${now})` })
      .where(sql<boolean>`id = any(${sql.val(failedTry)}::uuid[])`)
      .execute();
  }
  const exhausted = tries.filter((t) => t.status === 'failed' && t.attempt).map((t) => t.endpointId);
  if (exhausted.length === 0) return [];
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failed_deliveries: eb('failed_deliveries', '+', 1) }))
    .where(sql<boolean>`id = any(${sql.val(exhausted)}::uuid[])`)
    .execute();
  return disableFailingEndpoints(db, exhausted, input.disable, now);
}

/** An endpoint the server just disabled, with what its member's e-mail says. */
export interface DisabledEndpoint {
  id: string;
  url: string;
  failed_deliveries: number;
  failing_since: Date;
  email: string;
  full_name: string;
  time_zone: string | null;
}

async function disableFailingEndpoints(
  db: Db,
  ids: string[],
  rule: { afterFailures: number; failingBefore: Date; reason: string },
  now: Date,
): Promise<DisabledEndpoint[]> {
  const result = await sql<DisabledEndpoint>`
    update webhook_endpoints e set disabled_at = ${now}, disabled_reason = ${rule.reason}
    from users u
    where u.id = e.user_id and e.id = any(${sql.val(ids)}::uuid[]) and e.disabled_at is null
      and e.failed_deliveries >= ${rule.afterFailures} and e.failing_since <= ${rule.failingBefore}
    returning e.id, e.url, e.failed_deliveries, e.failing_since, u.email, u.full_name, u.time_zone
  `.execute(db);
  return result.rows;
}

/**
 * Ends a batch's run: done when every endpoint of it is final, else the tries so far and when the next
 * is due (what a restart restores).
 */
export async function updateWebhookBatch(
  db: Db,
  messageId: string,
  batch: number,
  state: { tries: number; nextTryAt: Date | null },
): Promise<void> {
  await db
    .updateTable('webhook_delivery_batches')
    .set({ tries: state.tries, next_try_at: state.nextTryAt, done: state.nextTryAt === null })
    .where('message_id', '=', messageId)
    .where('batch', '=', batch)
    .execute();
}

/** Batches not done: what must run again after a restart, with their tries and when the next is due. */
export function findPendingWebhookBatches(
  db: Db,
): Promise<{ message_id: string; batch: number; tries: number; next_try_at: Date | null }[]> {
  return db
    .selectFrom('webhook_delivery_batches')
    .select(['message_id', 'batch', 'tries', 'next_try_at'])
    .where('done', '=', false)
    .execute();
}

/** Events of the last `since` whose fan-out never ran (the process that took it stopped first). */
export async function findEventsNotFannedOut(
  db: Db,
  since: Date,
): Promise<{ event: WebhookEvent; signalId: string; noteId: string | null }[]> {
  const result = await sql<{ event: WebhookEvent; signal_id: string; note_id: string | null }>`
    select 'signal.issued' as event, s.id as signal_id, null::uuid as note_id from signals s
    where s.created_at >= ${since}
      and not exists (select 1 from webhook_messages m where m.event_key = 'signal.issued:' || s.id)
    union all
    select 'signal.resolved', s.id, null from signals s
    where s.resolved_at >= ${since} and (s.outcome is not null or s.status = 'void')
      and not exists (select 1 from webhook_messages m where m.event_key = 'signal.resolved:' || s.id)
    union all
    select 'signal.note', n.signal_id, n.id from signal_notes n
    where n.created_at >= ${since}
      and not exists (select 1 from webhook_messages m where m.event_key = 'signal.note:' || n.id)
  `.execute(db);
  return result.rows.map((row) => ({ event: row.event, signalId: row.signal_id, noteId: row.note_id }));
}

/** Deletes messages older than `before`, with their batches, deliveries and attempts. */
export async function deleteMessagesBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('webhook_messages').where('created_at', '<', before).execute();
}
