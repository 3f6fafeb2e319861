import {
  findDeskSignal,
  findSignal,
  insertDeskSignal,
  insertSignalNote,
  type NewDeskSignal,
  presentSignal,
  recordIssuedSignal,
  type SignalNoteRow,
  type SignalRow,
} from '@signalroom/shared/node';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The desk's reads and writes. Signals are written through the one signal repository (shared/node) the
 * engine writes through, and appended to the track record in the same transaction, as the engine's are.
 */

/** Writes the desk signal and its track-record entry in one transaction; null when the key was used. */
export function writeDeskSignal(db: Db, signal: NewDeskSignal, at: Date): Promise<SignalRow | null> {
  return recordIssuedSignal(db, (trx) => insertDeskSignal(trx, signal), at);
}

export function findSignalByKey(db: Db, authorId: string, key: string): Promise<SignalRow | undefined> {
  return findDeskSignal(db, authorId, key);
}

export function findSignalById(db: Db, id: string): Promise<SignalRow | undefined> {
  return findSignal(db, id);
}

export function appendNote(
  db: Db,
  note: { signalId: string; authorId: string; authorName: string; body: string; at: Date },
): Promise<SignalNoteRow> {
  return insertSignalNote(db, note);
}

/** An analyst's newest signals. */
export async function listAuthorSignals(db: Db, authorId: string, limit: number) {
  const rows = await db
    .selectFrom('signals')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('slot_start', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentSignal);
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
