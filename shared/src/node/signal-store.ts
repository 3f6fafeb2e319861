import type { Kysely, Selectable } from 'kysely';
import { TIMING } from '../constants.js';
import { computePerformanceStats } from '../performance.js';
import type { TPerformanceStats, TSignal } from '../signals.js';
import type { Database } from './schema.js';

/**
 * Reads of the signal engine's tables that the worker (to publish) and the server (to answer) both
 * need, defined once so push and REST can never disagree. Writes stay in the worker (signals) and the
 * server's countdown module (admin reset) through `resetCountdown` below.
 */
type Db = Kysely<Database>;
export type SignalRow = Selectable<Database['signals']>;
export type CountdownRow = Selectable<Database['offer_countdown']>;

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

/** Default offer window (spec section 9: countdown start 8 h). */
export const DEFAULT_OFFER_WINDOW_MINUTES = TIMING.offerWindowMs / 60_000;

export function readCountdown(db: Db): Promise<CountdownRow | undefined> {
  return db.selectFrom('offer_countdown').selectAll().where('id', '=', 1).executeTakeFirst();
}

/**
 * The countdown row, created on first use with a deadline one window from now. Later calls never move
 * it: at zero the offer has ended until an admin sets a new deadline.
 */
export async function ensureCountdown(db: Db, now: Date): Promise<CountdownRow> {
  const existing = await readCountdown(db);
  if (existing) return existing;
  await db
    .insertInto('offer_countdown')
    .values({
      id: 1,
      deadline: new Date(now.getTime() + DEFAULT_OFFER_WINDOW_MINUTES * 60_000),
      window_minutes: DEFAULT_OFFER_WINDOW_MINUTES,
      updated_by: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await readCountdown(db)) as CountdownRow;
}

/** Sets a new deadline: now plus `durationMinutes`, or plus the configured window. */
export async function resetCountdown(
  db: Db,
  options: { now: Date; durationMinutes?: number | undefined; by: string | null },
): Promise<CountdownRow> {
  const current = await ensureCountdown(db, options.now);
  const minutes = options.durationMinutes ?? current.window_minutes;
  return db
    .updateTable('offer_countdown')
    .set({
      deadline: new Date(options.now.getTime() + minutes * 60_000),
      updated_at: options.now,
      updated_by: options.by,
    })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
