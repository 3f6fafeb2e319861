import {
  type AllowancePool,
  directionOf,
  type SignalType,
  SLOT_UNDECIDED,
  type SlotGapReason,
  type SlotStanding,
  signalIssuerOf,
  slotStateOfGap,
  type TSignal,
  type TSignalNote,
  toIso,
  toIsoOrNull,
} from '@signalroom/shared';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { pageAtOf } from './page-order.js';
import type { Database } from './schema.js';
import type { SignalRow, SignalsTable } from './signal-tables.js';
import { recordDecidedSlots } from './track-record-chain.js';

/**
 * The one repository of the signals table: the worker writes through it (one signal per slot, guarded
 * level moves) and the server reads through it, and both shape rows with `presentSignal`, so push and
 * REST can never disagree. It lives in shared/node because both packages import it.
 */
type Db = Kysely<Database>;

export type { SignalRow };

/** A stored signal as members receive it (ZSignal); the server cuts it per tier afterwards. */
export function presentSignal(row: SignalRow): TSignal {
  return {
    id: row.id,
    asset: row.asset,
    signalType: row.signal_type,
    direction: row.direction,
    entryPrice: row.entry_price,
    confidence: row.confidence,
    status: row.status,
    outcome: row.outcome,
    createdAt: toIso(row.created_at),
    issuedAt: toIso(row.issued_at),
    updatedAt: toIsoOrNull(row.updated_at),
    expiresAt: toIso(row.expires_at),
    stopLoss: row.stop_loss,
    takeProfit: row.take_profit,
    analysis: row.analysis,
    resolvedLevel: row.resolved_level,
    exitPrice: row.exit_price,
    daySequence: row.day_sequence,
    allowance: { pool: row.allowance_pool, place: row.allowance_place ?? row.day_sequence },
    source: row.source,
    voidReason: row.void_reason,
    activeLevel: row.active_level,
    record: recordRefOf(row),
    issuedBy: signalIssuerOf({ authorName: row.author_name, strategy: row.strategy }),
    locked: false,
  };
}

/** The signal's place in the track record and the checkpoint that covered it at issue (null before the chain). */
function recordRefOf(row: SignalRow): TSignal['record'] {
  if (row.record_seq === null || row.record_hash === null) return null;
  const ref = { seq: row.record_seq, hash: row.record_hash };
  return row.record_checkpoint === null ? ref : { ...ref, checkpoint: row.record_checkpoint };
}

/** Signals by slot time: `desc` gives the newest `limit`, `asc` the oldest. */
export function listSignals(db: Db, limit: number, order: 'asc' | 'desc' = 'desc'): Promise<SignalRow[]> {
  return db.selectFrom('signals').selectAll().orderBy('slot_start', order).limit(limit).execute();
}

/**
 * One page of the history, newest first by slot (ties by id): signals strictly before `before` (a slot
 * time to the microsecond, as `page_at` gives it, and an id), issued at or after `since`, and with
 * `closedBy` only those whose primary window had closed by then (the trial's view). Reads `limit + 1`
 * rows, so the caller knows whether an older page follows. Each row carries its order key as
 * `page_at` and `page_id`, for the next page's cursor.
 */
export function listSignalsPage(
  db: Db,
  page: {
    limit: number;
    before: { at: string; id: string } | null;
    since: Date | null;
    closedBy: Date | null;
  },
): Promise<(SignalRow & { page_at: string; page_id: string })[]> {
  let query = db.selectFrom('signals').selectAll().select(pageAtOf('slot_start').as('page_at')).select('id as page_id');
  if (page.before) {
    query = query.where(sql<boolean>`(slot_start, id) < (${page.before.at}::timestamptz, ${page.before.id}::uuid)`);
  }
  if (page.since) query = query.where('issued_at', '>=', page.since);
  if (page.closedBy) query = query.where('expires_at', '<=', page.closedBy);
  return query
    .orderBy('slot_start', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** When the newest signal was issued, or null before the first. */
export async function lastSignalTime(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('signals')
    .select('created_at')
    .orderBy('slot_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/**
 * Signals whose primary window had closed at `now` (`expires_at <= now`), newest or oldest first: what a
 * trial member may see.
 */
export function listClosedSignals(db: Db, now: Date, limit: number, order: 'asc' | 'desc'): Promise<SignalRow[]> {
  return db
    .selectFrom('signals')
    .selectAll()
    .where('expires_at', '<=', now)
    .orderBy('slot_start', order)
    .limit(limit)
    .execute();
}

export interface NewSignal {
  slotStart: Date;
  dayKey: string;
  asset: string;
  signalType: SignalType;
  entryPrice: number;
  confidence: number;
  windowMs: number;
  expiresAt: Date;
  stopLoss: number | null;
  takeProfit: number | null;
  analysis: string;
  /** The feed's id (MarketFeed.id). */
  source: string;
  strategy: string;
  /** The daily allowance it counts against: the engine's own ('model') or every signal's ('all'). */
  allowancePool: AllowancePool;
}

/**
 * A stored signal's place in its allowance pool's day (rows from before the pools keep their day
 * sequence): what `allowancePlaceOf` reads from a presented signal, for queries that count in SQL.
 */
export const ALLOWANCE_PLACE = sql<number>`coalesce(allowance_place, day_sequence)`;

/**
 * The signal's place in its allowance pool's day, in the insert's own statement: with every signal
 * counted together it is the day sequence (unique per day), otherwise the next place among the pool's.
 */
function allowancePlaceSql(pool: AllowancePool) {
  return pool === 'all'
    ? sql<number>`coalesce(max(day_sequence), 0) + 1`
    : sql<number>`coalesce(max(${ALLOWANCE_PLACE}) filter (where allowance_pool = ${pool}), 0) + 1`;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Inserts the slot's signal unless the slot already has one or a recorded gap (then null). The day
 * sequence is the next number of the operator's day, computed in the same statement; if two different
 * slots race for the same number, the unique (day_key, day_sequence) key refuses one and it retries with
 * the next number.
 */
export async function insertSignalForSlot(db: Db, s: NewSignal): Promise<SignalRow | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await sql<SignalRow>`
        insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price,
          confidence, window_ms, expires_at, stop_loss, take_profit, analysis, source, strategy, created_at,
          allowance_pool, allowance_place)
        select ${s.slotStart}, ${s.dayKey}, coalesce(max(day_sequence), 0) + 1, ${s.asset}, ${s.signalType},
          ${directionOf(s.signalType)}, ${s.entryPrice}, ${s.confidence}, ${s.windowMs}, ${s.expiresAt},
          ${s.stopLoss}, ${s.takeProfit}, ${s.analysis}, ${s.source}, ${s.strategy}, ${s.slotStart},
          ${s.allowancePool}, ${allowancePlaceSql(s.allowancePool)}
        from signals where day_key = ${s.dayKey}
        having not exists (select 1 from signal_slot_gaps where slot_start = ${s.slotStart})
        on conflict (slot_start) where author_id is null do nothing
        returning *`.execute(db);
      return result.rows[0] ?? null;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 4) throw error;
    }
  }
}

export function findSignal(db: Db, id: string): Promise<SignalRow | undefined> {
  return db.selectFrom('signals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Several signals by id, in no particular order (ids that match nothing are left out). */
export function findSignalsByIds(db: Db, ids: readonly string[]): Promise<SignalRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('signals')
    .selectAll()
    .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .execute();
}

export function findSignalBySlot(db: Db, slotStart: Date): Promise<SignalRow | undefined> {
  return db
    .selectFrom('signals')
    .selectAll()
    .where('slot_start', '=', slotStart)
    .where('author_id', 'is', null)
    .executeTakeFirst();
}

/** Active signals, with the end of the window now in play, oldest first. */
export async function listActiveSignals(db: Db): Promise<{ id: string; levelEndsAt: Date }[]> {
  const rows = await db
    .selectFrom('signals')
    .select(['id', 'expires_at', 'active_level', 'window_ms'])
    .where('status', '=', 'active')
    .orderBy('expires_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    levelEndsAt: new Date(new Date(r.expires_at).getTime() + r.active_level * r.window_ms),
  }));
}

/** Moves an active signal from `level` to the next martingale level; null if someone else already did. */
export async function advanceSignalLevel(db: Db, id: string, level: number, now: Date): Promise<SignalRow | null> {
  return updateIfActiveAtLevel(db, id, level, { active_level: level + 1, updated_at: now });
}

/** Writes the final state of a signal resolved at `level`; null if it was already resolved. */
export async function finishSignal(
  db: Db,
  id: string,
  level: number,
  result: {
    status: 'expired' | 'closed' | 'hit_tp' | 'hit_sl';
    outcome: 'profit' | 'loss' | 'breakeven';
    resolvedLevel: number | null;
    exitPrice: number;
  },
  now: Date,
): Promise<SignalRow | null> {
  return updateIfActiveAtLevel(db, id, level, {
    status: result.status,
    outcome: result.outcome,
    resolved_level: result.resolvedLevel,
    exit_price: result.exitPrice,
    updated_at: now,
    resolved_at: now,
  });
}

/**
 * Ends an active signal void at `level`: its window's price could not be had within the bound, so it
 * has no outcome and counts neither as a win nor as a loss (statistics read outcomes only). Null if it
 * was already resolved.
 */
export async function voidSignal(
  db: Db,
  id: string,
  level: number,
  reason: string,
  now: Date,
): Promise<SignalRow | null> {
  return updateIfActiveAtLevel(db, id, level, {
    status: 'void',
    void_reason: reason,
    updated_at: now,
    resolved_at: now,
  });
}

/**
 * The compare-and-set the moves rest on: updates the signal only while it is still active at `level`,
 * so of racing engines exactly one gets the row back (the others get null and do nothing).
 */
async function updateIfActiveAtLevel(
  db: Db,
  id: string,
  level: number,
  values: Updateable<SignalsTable>,
): Promise<SignalRow | null> {
  const row = await db
    .updateTable('signals')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('active_level', '=', level)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export type SlotGapRow = Selectable<Database['signal_slot_gaps']>;

/** Why a slot yielded no signal: for operators (`detail`) and in public (`publicReason`, SlotReasons). */
export interface SlotGap {
  slotStart: Date;
  reason: SlotGapReason;
  detail: string;
  publicReason: string;
  at: Date;
}

/**
 * Records why a slot yielded no signal, with its slot entry in the log. Does nothing when the slot
 * already has its signal or its gap (the first reason recorded stands), so retries and several workers
 * record a slot once. True when this call wrote it.
 */
export async function recordSlotGap(db: Db, gap: SlotGap): Promise<boolean> {
  const rows = await recordDecidedSlots(
    db,
    async (trx) => {
      const { rows } = await sql<SlotGapRow>`
        insert into signal_slot_gaps (slot_start, reason, detail, public_reason, recorded_at)
        select ${gap.slotStart}, ${gap.reason}, ${gap.detail}, ${gap.publicReason}, ${gap.at}
        where not exists (select 1 from signals where slot_start = ${gap.slotStart} and author_id is null)
        on conflict (slot_start) do nothing
        returning *`.execute(trx);
      return rows;
    },
    gap.at,
  );
  return rows.length > 0;
}

/** A worker that was away for longer records at most this many missed slots (a week of 5-minute slots). */
const MISSED_SLOTS_LOOKBACK = 2016;

/**
 * Records as missed each slot before `before` that has neither a signal nor a gap, from the newest slot
 * with an engine signal (at most MISSED_SLOTS_LOOKBACK slots back; the newest gap when no signal was
 * ever issued): slots whose time passed while no worker could write, because the database or every
 * worker was away. Counting from the last signal rather than from the last gap matters: after an outage
 * the first slot to reach the database may record its own gap before anything records the slots
 * before it, and those holes must still be filled. Call it with `before` no later than the first slot
 * that may still be issued. Each gets its slot entry in the log; answers how many slots it recorded.
 */
export async function recordMissedSlots(
  db: Db,
  options: { before: Date; intervalMs: number; detail: string; publicReason: string; at: Date },
): Promise<number> {
  const { before, intervalMs } = options;
  const rows = await recordDecidedSlots(
    db,
    async (trx) => {
      const { rows } = await sql<{ last: Date | string | null }>`
        select coalesce(
          (select max(slot_start) from signals where slot_start < ${before} and author_id is null),
          (select max(slot_start) from signal_slot_gaps where slot_start < ${before})) as last`.execute(trx);
      const last = rows[0]?.last;
      if (!last) return [];
      const from = Math.max(
        new Date(last).getTime() + intervalMs,
        before.getTime() - MISSED_SLOTS_LOOKBACK * intervalMs,
      );
      if (from >= before.getTime()) return [];
      const written = await sql<SlotGapRow>`
        insert into signal_slot_gaps (slot_start, reason, detail, public_reason, recorded_at)
        select slot, 'missed', ${options.detail}, ${options.publicReason}, ${options.at}
        from generate_series(${new Date(from)}::timestamptz, ${new Date(before.getTime() - 1)}::timestamptz,
          make_interval(secs => ${intervalMs / 1000})) as slot
        where not exists (select 1 from signals where slot_start = slot and author_id is null)
        on conflict (slot_start) do nothing
        returning *`.execute(trx);
      return written.rows;
    },
    options.at,
  );
  return rows.length;
}

/** Where a slot stands: issued (the model's signal, or a desk signal standing in), a gap's state, or undecided. */
export async function slotStanding(db: Db, slotStart: Date): Promise<SlotStanding> {
  const { rows } = await sql<{ signal: boolean; reason: SlotGapReason | null }>`
    select exists (select 1 from signals where slot_start = ${slotStart} and author_id is null) as signal,
      (select reason from signal_slot_gaps where slot_start = ${slotStart}) as reason`.execute(db);
  const row = rows[0];
  if (row?.signal) return 'issued';
  return row?.reason ? slotStateOfGap(row.reason) : SLOT_UNDECIDED;
}

/** Whether any slot was ever decided (a model signal or a gap): the ledger has started. */
export async function hasSlotLedgerStarted(db: Db): Promise<boolean> {
  const { rows } = await sql<{ started: boolean }>`
    select exists (select 1 from signals where author_id is null)
      or exists (select 1 from signal_slot_gaps) as started`.execute(db);
  return Boolean(rows[0]?.started);
}

/** The gaps of slots starting in [from, to), oldest first. */
export function listSlotGaps(db: Db, range: { from: Date; to: Date }): Promise<SlotGapRow[]> {
  return db
    .selectFrom('signal_slot_gaps')
    .selectAll()
    .where('slot_start', '>=', range.from)
    .where('slot_start', '<', range.to)
    .orderBy('slot_start', 'asc')
    .execute();
}

/** A signal published on the analyst desk (its entry price is the feed's at `publishedAt`). */
export interface NewDeskSignal extends Omit<NewSignal, 'slotStart' | 'allowancePool'> {
  /** The analysts' own allowance ('desk') or every signal's ('all'). */
  allowancePool: 'desk' | 'all';
  publishedAt: Date;
  authorId: string;
  authorName: string;
  idempotencyKey: string;
}

/**
 * Inserts an analyst's signal, or returns null when this analyst already published with this key (the
 * same form submitted twice): the caller then reads the first one with `findDeskSignal`. The day
 * sequence is taken as for the engine's signals; the allowance is the desk's own unless the operator
 * counts every signal together.
 */
export async function insertDeskSignal(db: Db, s: NewDeskSignal): Promise<SignalRow | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await sql<SignalRow>`
        insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price,
          confidence, window_ms, expires_at, stop_loss, take_profit, analysis, source, strategy, created_at,
          author_id, author_name, idempotency_key, allowance_pool, allowance_place)
        select ${s.publishedAt}, ${s.dayKey}, coalesce(max(day_sequence), 0) + 1, ${s.asset}, ${s.signalType},
          ${directionOf(s.signalType)}, ${s.entryPrice}, ${s.confidence}, ${s.windowMs}, ${s.expiresAt},
          ${s.stopLoss}, ${s.takeProfit}, ${s.analysis}, ${s.source}, ${s.strategy}, ${s.publishedAt},
          ${s.authorId}, ${s.authorName}, ${s.idempotencyKey}, ${s.allowancePool},
          ${allowancePlaceSql(s.allowancePool)}
        from signals where day_key = ${s.dayKey}
        on conflict (author_id, idempotency_key) where author_id is not null do nothing
        returning *`.execute(db);
      return result.rows[0] ?? null;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 4) throw error;
    }
  }
}

/** The signal an analyst published with a form's idempotency key. */
export function findDeskSignal(db: Db, authorId: string, idempotencyKey: string): Promise<SignalRow | undefined> {
  return db
    .selectFrom('signals')
    .selectAll()
    .where('author_id', '=', authorId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/**
 * Whether an analyst published during the interval that ends at the engine's slot `slotStart`: that
 * desk signal is the slot's signal when the operator lets it stand in for the engine's.
 */
export async function analystPublishedBefore(db: Db, slotStart: Date, intervalMs: number): Promise<SignalRow | null> {
  const row = await db
    .selectFrom('signals')
    .selectAll()
    .where('author_id', 'is not', null)
    .where('slot_start', '>', new Date(slotStart.getTime() - intervalMs))
    .where('slot_start', '<=', slotStart)
    .orderBy('slot_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export type SignalNoteRow = Selectable<Database['signal_notes']>;

export function presentSignalNote(row: SignalNoteRow): TSignalNote {
  return {
    id: row.id,
    signalId: row.signal_id,
    authorName: row.author_name,
    body: row.body,
    createdAt: toIso(row.created_at),
  };
}

/** Appends a follow-up note to a signal. */
export function insertSignalNote(
  db: Db,
  note: { signalId: string; authorId: string; authorName: string; body: string; at: Date },
): Promise<SignalNoteRow> {
  return db
    .insertInto('signal_notes')
    .values({
      signal_id: note.signalId,
      author_id: note.authorId,
      author_name: note.authorName,
      body: note.body,
      created_at: note.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The notes of these signals, oldest first, by signal id. */
export async function listSignalNotes(db: Db, signalIds: string[]): Promise<Map<string, TSignalNote[]>> {
  const bySignal = new Map<string, TSignalNote[]>();
  if (signalIds.length === 0) return bySignal;
  const rows = await db
    .selectFrom('signal_notes')
    .selectAll()
    .where('signal_id', 'in', signalIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = bySignal.get(row.signal_id) ?? [];
    list.push(presentSignalNote(row));
    bySignal.set(row.signal_id, list);
  }
  return bySignal;
}
