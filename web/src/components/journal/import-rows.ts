import { hiddenCharacterIssue, readImportRow, type TJournalImportRow } from '@signalroom/shared';
import type { CsvRow } from './csv-table.js';
import { type ColumnMap, IMPORT_FIELD_LABELS, IMPORT_FIELDS } from './import-columns.js';

/** The longest cell the API takes (ZJournalImportRow). */
const MAX_CELL = 100;

/** The rows to send: each file row's five mapped cells, with its line. A missing cell is empty. */
export function importRowsOf(rows: readonly CsvRow[], columns: ColumnMap): TJournalImportRow[] {
  const cell = (row: CsvRow, index: number | null) => (index === null ? '' : (row.cells[index] ?? ''));
  return rows.map((row) => ({
    line: row.line,
    time: cell(row, columns.time),
    instrument: cell(row, columns.instrument),
    direction: cell(row, columns.direction),
    stake: cell(row, columns.stake),
    result: cell(row, columns.result),
  }));
}

/**
 * What is wrong with a row before any signal is looked at, or null: a cell the API would refuse as
 * text (too long, hidden characters) would fail the whole request, so it is caught here; then the
 * shared reading rules, the same the server applies, so the member sees those problems at once.
 */
export function localProblem(row: TJournalImportRow, utcOffsetMinutes: number): string | null {
  for (const field of IMPORT_FIELDS) {
    const label = IMPORT_FIELD_LABELS[field];
    if (row[field].length > MAX_CELL) return `The ${label.toLowerCase()} is longer than ${MAX_CELL} characters.`;
    if (hiddenCharacterIssue(row[field])) return `The ${label.toLowerCase()} holds hidden control characters.`;
  }
  const read = readImportRow(row, utcOffsetMinutes);
  return 'problem' in read ? read.problem : null;
}
