import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { computePerformanceStats } from '../performance.js';
import type { TPerformanceStats, TSignal } from '../signals.js';
import type { Database } from './schema.js';
import type { SignalsTable } from './signal-tables.js';

/**
 * The one repository of the signals table: the worker writes through it (one signal per slot, guarded
 * level moves) and the server reads through it, and both shape rows with `presentSignal`, so push and
 * REST can never disagree. It lives in shared/node because both packages import it.
 */
type Db = Kysely<Database>;
export type SignalRow = Selectable<Database['signals']>;

const iso = (d: Date | string) => new Date(d).toISOString();

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
    createdAt: iso(row.created_at),
    updatedAt: row.updated_at ? iso(row.updated_at) : null,
    expiresAt: iso(row.expires_at),
    stopLoss: row.stop_loss,
    takeProfit: row.take_profit,
    analysis: row.analysis,
    resolvedLevel: row.resolved_level,
    exitPrice: row.exit_price,
    daySequence: row.day_sequence,
    source: row.source,
    activeLevel: row.active_level,
    locked: false,
  };
}

/** Signals by slot time: `desc` gives the newest `limit`, `asc` the oldest. */
export function listSignals(db: Db, limit: number, order: 'asc' | 'desc' = 'desc'): Promise<SignalRow[]> {
  return db.selectFrom('signals').selectAll().orderBy('slot_start', order).limit(limit).execute();
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

const statsCache = new WeakMap<Db, { key: string; stats: TPerformanceStats }>();

/**
 * Statistics from resolved signals only, aggregated oldest first (the losing streak depends on order).
 * The full scan runs only when something resolved since the last one: a cheap count and latest
 * resolution time decide, so frequent readers (polling members, snapshots) cost one small query.
 */
export async function loadPerformanceStats(db: Db): Promise<TPerformanceStats> {
  const marker = await db
    .selectFrom('signals')
    .select((eb) => [eb.fn.count<number>('outcome').as('resolved'), eb.fn.max('resolved_at').as('latest')])
    .executeTakeFirstOrThrow();
  const key = `${Number(marker.resolved)}|${marker.latest ? new Date(marker.latest).getTime() : 0}`;
  const cached = statsCache.get(db);
  if (cached?.key === key) return structuredClone(cached.stats);
  const rows = await db
    .selectFrom('signals')
    .select(['asset', 'direction', 'confidence', 'outcome', 'resolved_level'])
    .where('outcome', 'is not', null)
    .orderBy('slot_start')
    .execute();
  const stats = computePerformanceStats(
    rows.map((r) => ({
      asset: r.asset,
      direction: r.direction,
      confidence: r.confidence,
      outcome: r.outcome as 'profit' | 'loss' | 'breakeven',
      resolvedLevel: r.resolved_level,
    })),
  );
  statsCache.set(db, { key, stats });
  return structuredClone(stats);
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

/** Counts for the landing page: signals issued, resolved, and the markets they covered. */
export async function countSignalFigures(
  db: Db,
): Promise<{ signalsIssued: number; resolvedSignals: number; marketsCovered: number }> {
  const row = await db
    .selectFrom('signals')
    .select((eb) => [
      eb.fn.countAll<number>().as('issued'),
      eb.fn.count<number>('outcome').as('resolved'),
      eb.fn.count<number>('asset').distinct().as('markets'),
    ])
    .executeTakeFirstOrThrow();
  return {
    signalsIssued: Number(row.issued),
    resolvedSignals: Number(row.resolved),
    marketsCovered: Number(row.markets),
  };
}

export interface NewSignal {
  slotStart: Date;
  dayKey: string;
  asset: string;
  signalType: 'buy' | 'sell';
  entryPrice: number;
  confidence: number;
  windowMs: number;
  expiresAt: Date;
  stopLoss: number | null;
  takeProfit: number | null;
  analysis: string;
  source: 'simulated' | 'feed';
  strategy: string;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Inserts the slot's signal unless the slot already has one (then null). The day sequence is the next
 * number of the operator's day, computed in the same statement; if two different slots race for the
 * same number, the unique (day_key, day_sequence) key refuses one and it retries with the next number.
 */
export async function insertSignalForSlot(db: Db, s: NewSignal): Promise<SignalRow | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await sql<SignalRow>`
        insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price,
          confidence, window_ms, expires_at, stop_loss, take_profit, analysis, source, strategy, created_at)
        select ${s.slotStart}, ${s.dayKey}, coalesce(max(day_sequence), 0) + 1, ${s.asset}, ${s.signalType},
          ${s.signalType === 'buy' ? 'CALL' : 'PUT'}, ${s.entryPrice}, ${s.confidence}, ${s.windowMs}, ${s.expiresAt},
          ${s.stopLoss}, ${s.takeProfit}, ${s.analysis}, ${s.source}, ${s.strategy}, ${s.slotStart}
        from signals where day_key = ${s.dayKey}
        on conflict (slot_start) do nothing
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

export function findSignalBySlot(db: Db, slotStart: Date): Promise<SignalRow | undefined> {
  return db.selectFrom('signals').selectAll().where('slot_start', '=', slotStart).executeTakeFirst();
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
 * The compare-and-set both moves rest on: updates the signal only while it is still active at `level`,
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
