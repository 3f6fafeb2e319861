import type { ColumnType } from 'kysely';

/**
 * A member's journal (shared/src/journal/): one row per member and signal, whether they took it and,
 * if so, their stake, fill and result. Money to the cent in the member's own currency. Deleted with the
 * member; a signal's rows go with the signal.
 */
export interface JournalEntriesTable {
  user_id: string;
  signal_id: string;
  taken: boolean;
  /** numeric(14, 2): comes back from pg as a string. */
  stake: ColumnType<string | null, number | null, number | null>;
  fill_price: number | null;
  filled_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  result: ColumnType<string | null, number | null, number | null>;
  source: 'manual' | 'import';
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

export interface JournalTables {
  journal_entries: JournalEntriesTable;
}
