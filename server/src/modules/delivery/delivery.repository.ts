import type { AccessFields, DeliveryChannel, DeliveryStatus, Direction } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A member who wants signals delivered, with the fields the access rule reads. */
export interface OptedInMember extends AccessFields {
  id: string;
}

function accessOf(row: {
  id: string;
  role: 'member' | 'analyst' | 'admin';
  tier: AccessFields['tier'];
  dashboard_unlocked: boolean;
  trial_ends_at: Date | null;
}): OptedInMember {
  return {
    id: row.id,
    role: row.role,
    tier: row.tier,
    dashboardUnlocked: row.dashboard_unlocked,
    trialEndsAt: row.trial_ends_at?.toISOString() ?? null,
  };
}

/**
 * Members whose 'signals' notification is on (no saved choice means on) and who could have live access
 * at all: an unlocked dashboard or an admin. This only narrows the read; the shared access rule decides.
 * The rows come back as one JSON value: tens of thousands of members are one value to parse, not one
 * row each (the fan-out's largest cost).
 */
export async function findOptedInMembers(db: Db): Promise<OptedInMember[]> {
  type Row = [string, OptedInMember['role'], OptedInMember['tier'], boolean, string | null];
  const result = await sql<{ members: Row[] | null }>`
    select json_agg(json_build_array(u.id, u.role, u.tier, u.dashboard_unlocked, u.trial_ends_at)) as members
    from users u
    left join notification_settings n on n.user_id = u.id
    where coalesce(n.signals, true) and (u.dashboard_unlocked or u.role = 'admin')
  `.execute(db);
  return (result.rows[0]?.members ?? []).map(([id, role, tier, dashboardUnlocked, trialEndsAt]) => ({
    id,
    role,
    tier,
    dashboardUnlocked,
    trialEndsAt,
  }));
}

/** Every push subscription (recipient = subscription id) and every linked Telegram chat, by member. */
export async function findChannelTargets(
  db: Db,
): Promise<{ push: { id: string; user_id: string }[]; telegram: { user_id: string }[] }> {
  const [push, telegram] = await Promise.all([
    db.selectFrom('push_subscriptions').select(['id', 'user_id']).execute(),
    db.selectFrom('telegram_links').select(['user_id']).execute(),
  ]);
  return { push, telegram };
}

/**
 * Signals still in their primary window whose deliveries were never queued (the process that took the
 * fan-out stopped first): restored at start.
 */
export async function findSignalsNotFannedOut(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('signals')
    .select('id')
    .where('expires_at', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('signal_delivery_batches')
            .select('batch')
            .whereRef('signal_delivery_batches.signal_id', '=', 'signals.id'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Whether this signal's deliveries were already queued (a second fan-out must add nothing). */
export async function hasDeliveries(db: Db, signalId: string): Promise<boolean> {
  const row = await db
    .selectFrom('signal_delivery_batches')
    .select('batch')
    .where('signal_id', '=', signalId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One delivery job's recipients, and their members in the same order. */
export interface NewBatch {
  channel: DeliveryChannel;
  batch: number;
  recipients: string[];
  members: string[];
}

/**
 * Writes the queued batches in one statement: a few dozen rows for ten thousand recipients, so queuing
 * a signal stays fast; the per-recipient rows are written as each job tries them. A batch already there
 * is kept as it is.
 */
export async function insertBatches(db: Db, signalId: string, batches: NewBatch[], now: Date): Promise<void> {
  if (batches.length === 0) return;
  await db
    .insertInto('signal_delivery_batches')
    .values(
      batches.map((b) => ({
        signal_id: signalId,
        channel: b.channel,
        batch: b.batch,
        recipients: sql<string[]>`${sql.val(b.recipients)}::text[]`,
        members: sql<string[]>`${sql.val(b.members)}::uuid[]`,
        queued_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['signal_id', 'channel', 'batch']).doNothing())
    .execute();
}

/** One recipient of a batch still to try, with what its sender and the access re-check need. */
export interface QueuedDelivery extends OptedInMember {
  recipient: string;
  attempts: number;
  email: string;
  fullName: string;
  optedIn: boolean;
  /** The member's own time zone for the times the message writes; null: the business's. */
  timeZone: string | null;
}

/**
 * The recipients of one batch still to try: not yet in the log with a final state. Recipients whose
 * member is gone (membership cancelled meanwhile) are left out. Null when the batch is done or unknown.
 */
export async function findQueuedBatch(
  db: Db,
  signalId: string,
  channel: DeliveryChannel,
  batch: number,
): Promise<QueuedDelivery[] | null> {
  const row = await db
    .selectFrom('signal_delivery_batches')
    .select(['recipients', 'members', 'done'])
    .where('signal_id', '=', signalId)
    .where('channel', '=', channel)
    .where('batch', '=', batch)
    .executeTakeFirst();
  if (!row || row.done) return null;
  const [users, tried] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('notification_settings', 'notification_settings.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.full_name',
        'users.role',
        'users.tier',
        'users.dashboard_unlocked',
        'users.trial_ends_at',
        'users.time_zone',
        sql<boolean>`coalesce(notification_settings.signals, true)`.as('opted_in'),
      ])
      .where(sql<boolean>`users.id = any(${sql.val(row.members)}::uuid[])`)
      .execute(),
    db
      .selectFrom('signal_deliveries')
      .select(['recipient', 'status', 'attempts'])
      .where('signal_id', '=', signalId)
      .where('channel', '=', channel)
      .where(sql<boolean>`recipient = any(${sql.val(row.recipients)}::text[])`)
      .execute(),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  const triedBy = new Map(tried.map((t) => [t.recipient, t]));
  const queued: QueuedDelivery[] = [];
  row.recipients.forEach((recipient, index) => {
    const user = byId.get(row.members[index] as string);
    const before = triedBy.get(recipient);
    if (!user || (before && before.status !== 'queued')) return;
    queued.push({
      ...accessOf(user),
      recipient,
      attempts: before?.attempts ?? 0,
      email: user.email,
      fullName: user.full_name,
      optedIn: user.opted_in,
      timeZone: user.time_zone,
    });
  });
  return queued;
}

/** What one try of a recipient came to. */
export interface DeliveryTry {
  recipient: string;
  userId: string;
  /** `queued` while retries remain. */
  status: DeliveryStatus;
  error: string | null;
  /** Whether the channel was tried (a skip is not a try). */
  tried: boolean;
}

/** Writes the tries of a batch into the log in one statement (first try inserts, later ones update). */
export async function recordDeliveryTries(
  db: Db,
  signalId: string,
  channel: DeliveryChannel,
  tries: DeliveryTry[],
  now: Date,
): Promise<void> {
  if (tries.length === 0) return;
  await sql`
    insert into signal_deliveries (signal_id, channel, recipient, user_id, status, attempts, error, queued_at, updated_at)
    select ${signalId}::uuid, ${channel}, t.recipient, t.user_id, t.status, t.tried, t.error, ${now}, ${now}
    from unnest(
      ${sql.val(tries.map((t) => t.recipient))}::text[],
      ${sql.val(tries.map((t) => t.userId))}::uuid[],
      ${sql.val(tries.map((t) => t.status))}::text[],
      ${sql.val(tries.map((t) => (t.tried ? 1 : 0)))}::int[],
      ${sql.val(tries.map((t) => t.error))}::text[]
    ) as t(recipient, user_id, status, tried, error)
    on conflict (signal_id, channel, recipient) do update set
      status = excluded.status,
      attempts = signal_deliveries.attempts + excluded.attempts,
      error = excluded.error,
      updated_at = excluded.updated_at
    where signal_deliveries.status = 'queued'
  `.execute(db);
}

/** Marks a batch done: every recipient has a final state. */
export async function markBatchDone(db: Db, signalId: string, channel: DeliveryChannel, batch: number): Promise<void> {
  await db
    .updateTable('signal_delivery_batches')
    .set({ done: true })
    .where('signal_id', '=', signalId)
    .where('channel', '=', channel)
    .where('batch', '=', batch)
    .execute();
}

/** Batches not done: what must run again after a restart. */
export async function findPendingBatches(
  db: Db,
  channel: DeliveryChannel,
): Promise<{ signal_id: string; batch: number }[]> {
  return db
    .selectFrom('signal_delivery_batches')
    .select(['signal_id', 'batch'])
    .where('channel', '=', channel)
    .where('done', '=', false)
    .execute();
}

/**
 * Per channel, how many recipients were queued (the batches) and how many of them reached each state
 * (the log; a recipient not yet in it is still queued), and the deliveries with an error, latest first.
 */
export async function readSignalDeliveries(db: Db, signalId: string) {
  const [totals, counts, problems] = await Promise.all([
    db
      .selectFrom('signal_delivery_batches')
      .select(['channel', sql<string>`sum(cardinality(recipients))`.as('count')])
      .where('signal_id', '=', signalId)
      .groupBy('channel')
      .execute(),
    db
      .selectFrom('signal_deliveries')
      .select(['channel', 'status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('signal_id', '=', signalId)
      .groupBy(['channel', 'status'])
      .execute(),
    db
      .selectFrom('signal_deliveries as d')
      .innerJoin('users', 'users.id', 'd.user_id')
      .select(['d.channel', 'd.status', 'users.email', 'd.attempts', 'd.error', 'd.updated_at'])
      .where('d.signal_id', '=', signalId)
      .where('d.error', 'is not', null)
      .orderBy('d.updated_at', 'desc')
      .limit(100)
      .execute(),
  ]);
  return { totals, counts, problems };
}

/** One signal of the admins' overview, with its queued totals and final-state counts per channel. */
export interface DeliveredSignalRow {
  id: string;
  asset: string;
  direction: Direction;
  created_at: Date;
  /** Recipients queued per channel, from the batches. */
  totals: Record<string, number> | null;
  /** Final states per channel and state, keyed "channel:status". */
  counts: Record<string, number> | null;
}

/**
 * One page of the signals that were fanned out (they have batches), newest first, with their counts,
 * and how many such signals there are: one statement, the page's counts read by lateral joins.
 */
export async function listDeliveredSignals(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ rows: DeliveredSignalRow[]; total: number }> {
  const result = await sql<DeliveredSignalRow & { total: number; id: string | null }>`
    with delivered as (
      select s.id, s.asset, s.direction, s.created_at from signals s
      where exists (select 1 from signal_delivery_batches b where b.signal_id = s.id)
    ), page as (
      select * from delivered order by created_at desc, id desc limit ${page.limit} offset ${page.offset}
    )
    select t.total, p.id, p.asset, p.direction, p.created_at, q.totals, d.counts
    from (select count(*)::int as total from delivered) t
    left join page p on true
    left join lateral (
      select json_object_agg(channel, n) as totals from (
        select channel, sum(cardinality(recipients))::int as n from signal_delivery_batches
        where signal_id = p.id group by channel
      ) per_channel
    ) q on true
    left join lateral (
      select json_object_agg(channel || ':' || status, n) as counts from (
        select channel, status, count(*)::int as n from signal_deliveries
        where signal_id = p.id group by channel, status
      ) per_state
    ) d on true
    order by p.created_at desc, p.id desc
  `.execute(db);
  const total = result.rows[0]?.total ?? 0;
  const rows = result.rows.filter((row): row is DeliveredSignalRow & { total: number } => row.id !== null);
  return { rows, total };
}
