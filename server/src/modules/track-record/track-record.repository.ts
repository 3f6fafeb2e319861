import type { Db } from '../../db/database.js';

/**
 * Reads of the track record's log. Entries are read as the log stored them (their canonical payload
 * text, which their hash covers); the service checks each against what this process verified before it
 * leaves. Checkpoints are signed notes, served with the cosignatures witnesses returned for them.
 */

/** An entry as stored: its place, links and the canonical payload text. */
export interface StoredEntry {
  seq: number;
  prevHash: string;
  hash: string;
  payload: string;
}

/** Entries after `after` up to `upTo` (inclusive), at most `limit`, oldest first. */
export async function listStoredEntries(db: Db, after: number, upTo: number, limit: number): Promise<StoredEntry[]> {
  if (after >= upTo || limit <= 0) return [];
  const rows = await db
    .selectFrom('track_record_chain')
    .select(['seq', 'prev_hash', 'hash', 'payload'])
    .where('seq', '>', after)
    .where('seq', '<=', upTo)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ seq: r.seq, prevHash: r.prev_hash, hash: r.hash, payload: r.payload }));
}

export interface NoteRow {
  id: number;
  size: number;
  root: string;
  note: string;
  signed_at: Date;
}

const noteColumns = ['id', 'size', 'root', 'note', 'signed_at'] as const;

/** The latest checkpoint note, or null before the first. */
export async function latestNote(db: Db): Promise<NoteRow | null> {
  const row = await db
    .selectFrom('track_record_notes')
    .select(noteColumns)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The cosignature lines stored for these notes, by note id, in the order received. */
export async function cosignatureLines(db: Db, noteIds: readonly number[]): Promise<Map<number, string[]>> {
  const lines = new Map<number, string[]>();
  if (noteIds.length === 0) return lines;
  const rows = await db
    .selectFrom('track_record_cosignatures')
    .select(['note_id', 'line'])
    .where('note_id', 'in', noteIds)
    .orderBy('id')
    .execute();
  for (const row of rows) lines.set(row.note_id, [...(lines.get(row.note_id) ?? []), row.line]);
  return lines;
}

/** Notes that witnesses cosigned, after `afterId`, in the order signed, at most `limit`. */
export function listCosignedNotes(db: Db, afterId: number, limit: number): Promise<NoteRow[]> {
  return db
    .selectFrom('track_record_notes as n')
    .select(['n.id', 'n.size', 'n.root', 'n.note', 'n.signed_at'])
    .where('n.id', '>', afterId)
    .where((eb) =>
      eb.exists(eb.selectFrom('track_record_cosignatures as c').select('c.id').whereRef('c.note_id', '=', 'n.id')),
    )
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/** One entry of the log as the signal stream replays it: its number, what it records, which signal. */
export interface ChainEntryRef {
  seq: number;
  kind: string;
  signal_id: string;
}

/** The entries about signals after `after`, oldest first, at most `limit` (the log's own are skipped). */
export function listEntriesAfter(db: Db, after: number, limit: number): Promise<ChainEntryRef[]> {
  return db
    .selectFrom('track_record_chain')
    .select(['seq', 'kind', 'signal_id'])
    .where('seq', '>', after)
    .where('kind', 'in', ['signal', 'outcome'])
    .$narrowType<{ signal_id: string }>()
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The newest entry's number; null on an empty log. */
export async function lastEntrySeq(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('track_record_chain')
    .select((eb) => eb.fn.max('seq').as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** The number of the entry that recorded a signal's outcome; null while it has none. */
export async function outcomeEntrySeq(db: Db, signalId: string): Promise<number | null> {
  const row = await db
    .selectFrom('track_record_chain')
    .select('seq')
    .where('signal_id', '=', signalId)
    .where('kind', '=', 'outcome')
    .executeTakeFirst();
  return row ? Number(row.seq) : null;
}
