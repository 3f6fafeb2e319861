import { CALIBRATION_BAND_POINTS } from '@signalroom/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';
import { presentSignal } from './signal-repository.js';

/**
 * The signal repository's aggregate reads: what the admin screens, the analyst desk and the Gold Room
 * count from the signals table. They live beside the repository so every read of signals has one home;
 * queries owned by another record (the track record's chain, paper trades, delivery batches) join
 * signals inside their own repository instead, in one round trip.
 */
type Db = Kysely<Database>;

/** Signals of one operator's day: the last sequence issued, and how many have closed their primary window. */
export async function countIssuedAndClosedOfDay(
  db: Db,
  dayKey: string,
  now: Date,
): Promise<{ issued: number; closed: number }> {
  const row = await db
    .selectFrom('signals')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.max('day_sequence'), sql<number>`0`).as('issued'),
      eb.fn.count<number>('id').filterWhere('expires_at', '<=', now).as('closed'),
    ])
    .where('day_key', '=', dayKey)
    .executeTakeFirstOrThrow();
  return { issued: Number(row.issued), closed: Number(row.closed) };
}

/** How many signal rows one operator's day holds (engine and desk alike). */
export async function countSignalsOfDay(db: Db, dayKey: string): Promise<number> {
  const row = await db
    .selectFrom('signals')
    .where('day_key', '=', dayKey)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Resolved signals per asset and confidence band, with their first-window wins, in one aggregate. */
export async function countByConfidenceBand(db: Db) {
  const { rows } = await sql<{
    asset: string;
    band: number;
    total: string;
    average_confidence: number;
    won_first: string;
  }>`
    select asset,
      -- The track record's bands: 5 points wide, the last one [95, 100] so 100 % has a band.
      least(floor(confidence / ${CALIBRATION_BAND_POINTS}) * ${CALIBRATION_BAND_POINTS}, ${100 - CALIBRATION_BAND_POINTS}) as band,
      count(*) as total,
      avg(confidence) as average_confidence,
      count(*) filter (where outcome = 'profit' and resolved_level = 0) as won_first
    from signals
    where outcome is not null
    group by asset, band
    order by asset, band`.execute(db);
  return rows;
}

/** One source's counts, and its resolved signals by outcome and end level. */
export interface SourceOutcomeRow {
  author_id: string | null;
  author_name: string | null;
  strategy: string;
  outcome: 'profit' | 'loss' | 'breakeven' | null;
  status: string;
  end_level: number | null;
  count: string | number;
}

/**
 * Every source's signals grouped by outcome and end level (the level they won or broke even at, or the
 * last level played); the analyst's name is their newest published one.
 */
export async function countBySource(db: Db): Promise<SourceOutcomeRow[]> {
  const { rows } = await sql<SourceOutcomeRow>`
    select author_id,
      (array_agg(author_name order by slot_start desc))[1] as author_name,
      case when author_id is null then strategy else 'desk' end as strategy,
      outcome, status,
      case when outcome is null then null else coalesce(resolved_level, active_level) end as end_level,
      count(*) as count
    from signals
    group by author_id, case when author_id is null then strategy else 'desk' end, outcome, status,
      case when outcome is null then null else coalesce(resolved_level, active_level) end`.execute(db);
  return rows;
}

/** An analyst's newest signals, as members receive them. */
export async function listSignalsByAuthor(db: Db, authorId: string, limit: number) {
  const rows = await db
    .selectFrom('signals')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('slot_start', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentSignal);
}

/** What an analyst published, oldest first, for their data export. */
export function listSignalsAuthoredBy(db: Db, authorId: string) {
  return db
    .selectFrom('signals')
    .select(['id', 'asset', 'direction', 'confidence', 'entry_price', 'created_at', 'analysis', 'author_name'])
    .where('author_id', '=', authorId)
    .orderBy('created_at')
    .execute();
}

/**
 * Takes an erased analyst's name off their signals; the author id stays, as the track record names it.
 * The column's type forbids updates everywhere else, so this one sanctioned change is written in SQL.
 */
export async function renameAuthorOfSignals(db: Db, authorId: string, name: string): Promise<void> {
  await sql`update signals set author_name = ${name} where author_id = ${authorId}`.execute(db);
}
