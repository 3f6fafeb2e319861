import type { TJournalEntryRequest } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

const COLUMNS = ['signal_id', 'taken', 'stake', 'fill_price', 'filled_at', 'result', 'source', 'updated_at'] as const;

export interface JournalRow {
  signalId: string;
  taken: boolean;
  stake: number | null;
  fillPrice: number | null;
  filledAt: Date | null;
  result: number | null;
  source: 'manual' | 'import';
  updatedAt: Date;
}

type Row = {
  signal_id: string;
  taken: boolean;
  stake: string | null;
  fill_price: number | null;
  filled_at: Date | null;
  result: string | null;
  source: 'manual' | 'import';
  updated_at: Date;
};

const money = (value: string | null) => (value === null ? null : Number(value));

function presentRow(row: Row): JournalRow {
  return {
    signalId: row.signal_id,
    taken: row.taken,
    stake: money(row.stake),
    fillPrice: row.fill_price,
    filledAt: row.filled_at,
    result: money(row.result),
    source: row.source,
    updatedAt: row.updated_at,
  };
}

/** Every entry of the member's journal. */
export async function journalRows(db: Db, userId: string): Promise<JournalRow[]> {
  const rows = await db.selectFrom('journal_entries').select(COLUMNS).where('user_id', '=', userId).execute();
  return rows.map(presentRow);
}

export interface JournalWrite {
  signalId: string;
  entry: TJournalEntryRequest;
  source: 'manual' | 'import';
}

/** Writes entries (each replacing the member's entry for its signal), in chunks of one statement each. */
export async function saveJournalRows(
  db: Db,
  userId: string,
  writes: readonly JournalWrite[],
  at: Date,
): Promise<JournalRow[]> {
  const saved: JournalRow[] = [];
  for (let start = 0; start < writes.length; start += 500) {
    const values = writes.slice(start, start + 500).map(({ signalId, entry, source }) => ({
      user_id: userId,
      signal_id: signalId,
      taken: entry.taken,
      stake: entry.stake ?? null,
      fill_price: entry.fillPrice ?? null,
      filled_at: entry.filledAt ?? null,
      result: entry.result ?? null,
      source,
      updated_at: at,
    }));
    const rows = await db
      .insertInto('journal_entries')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['user_id', 'signal_id']).doUpdateSet((eb) => ({
          taken: eb.ref('excluded.taken'),
          stake: eb.ref('excluded.stake'),
          fill_price: eb.ref('excluded.fill_price'),
          filled_at: eb.ref('excluded.filled_at'),
          result: eb.ref('excluded.result'),
          source: eb.ref('excluded.source'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(COLUMNS)
      .execute();
    saved.push(...rows.map(presentRow));
  }
  return saved;
}

export async function deleteJournalRow(db: Db, userId: string, signalId: string): Promise<void> {
  await db.deleteFrom('journal_entries').where('user_id', '=', userId).where('signal_id', '=', signalId).execute();
}

export async function deleteJournal(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('journal_entries').where('user_id', '=', userId).execute();
}

/** Of these signals, those the member journaled as skipped. */
export async function skippedSignalIds(db: Db, userId: string, signalIds: readonly string[]): Promise<Set<string>> {
  if (signalIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('journal_entries')
    .select('signal_id')
    .where('user_id', '=', userId)
    .where('taken', '=', false)
    .where('signal_id', 'in', [...signalIds])
    .execute();
  return new Set(rows.map((r) => r.signal_id));
}
