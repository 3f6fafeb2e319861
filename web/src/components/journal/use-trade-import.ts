import { JOURNAL_LIMITS, JournalMessages } from '@signalroom/shared';
import { useState } from 'react';
import { useJournalStore } from '../../stores/journal.store.js';
import type { CsvTable } from './csv-table.js';
import { type ColumnMap, guessColumns, IMPORT_FIELDS, type ImportField } from './import-columns.js';
import { type PreviewRow, previewOf, refusedImport } from './import-preview.js';
import { importRowsOf, localProblem } from './import-rows.js';
import { browserUtcOffset } from './utc-offsets.js';

/** A file this big is no trade history of 5,000 rows: refused before the browser reads it all. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

const LIMIT = JOURNAL_LIMITS.importRows;
/** The row limit as the page writes it: "5,000". */
export const ROW_LIMIT_TEXT = new Intl.NumberFormat('en-US').format(LIMIT);

export type ImportNotice = { kind: 'error' | 'success'; text: string; lines?: string[] } | null;

const NO_COLUMNS: ColumnMap = { time: null, instrument: null, direction: null, stake: null, result: null };

/**
 * The import's steps: a file chosen and read in the browser, its columns mapped, its rows checked (a
 * dry run: the server matches each to a signal and writes nothing), the rows with problems left out,
 * then the import itself. Changing the mapping or the offset drops the check: it no longer holds.
 */
export function useTradeImport() {
  const importTrades = useJournalStore((s) => s.importTrades);
  const [file, setFile] = useState<{ name: string; table: CsvTable } | null>(null);
  const [columns, setColumns] = useState<ColumnMap>(NO_COLUMNS);
  const [offset, setOffsetState] = useState(() => browserUtcOffset());
  const [preview, setPreview] = useState<PreviewRow[] | null>(null);
  const [busy, setBusy] = useState<'reading' | 'checking' | 'importing' | null>(null);
  const [notice, setNotice] = useState<ImportNotice>(null);
  /** Counts finished imports: the file field starts empty again after each. */
  const [imports, setImports] = useState(0);

  const unchecked = () => {
    setPreview(null);
    setNotice(null);
  };

  async function chooseFile(chosen: File | null) {
    setFile(null);
    unchecked();
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setNotice({
        kind: 'error',
        text: `${chosen.name} is larger than 10 MB: no trade history of ${ROW_LIMIT_TEXT} rows is. Choose the CSV your broker exported.`,
      });
      return;
    }
    setBusy('reading');
    try {
      // The CSV reader loads with the first file, not with the Command Center.
      const [{ readCsv }, text] = await Promise.all([import('./csv-table.js'), chosen.text()]);
      const table = readCsv(text, LIMIT);
      if (table.overflow) {
        setNotice({
          kind: 'error',
          text: `${chosen.name} holds more than ${ROW_LIMIT_TEXT} rows: one import takes ${ROW_LIMIT_TEXT} at most. Split the file and import each part.`,
        });
      } else if (table.rows.length === 0) {
        setNotice({ kind: 'error', text: `${chosen.name} holds no rows under its header.` });
      } else {
        setFile({ name: chosen.name, table });
        setColumns(guessColumns(table.headers));
      }
    } catch {
      setNotice({ kind: 'error', text: `${chosen.name} could not be read. Choose the file again.` });
    } finally {
      setBusy(null);
    }
  }

  function setColumn(field: ImportField, index: number | null) {
    setColumns((current) => ({ ...current, [field]: index }));
    unchecked();
  }

  function setOffset(minutes: number) {
    setOffsetState(minutes);
    unchecked();
  }

  async function check() {
    if (!file) return;
    setNotice(null);
    const rows = importRowsOf(file.table.rows, columns);
    const local = rows.map((row) => localProblem(row, offset));
    const toCheck = rows.filter((_, i) => local[i] === null);
    if (toCheck.length === 0) {
      setPreview(previewOf(rows, local, []));
      return;
    }
    setBusy('checking');
    const answer = await importTrades({ rows: toCheck, utcOffsetMinutes: offset, dryRun: true });
    setBusy(null);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answer.message, lines: refusedImport([], answer.fields).lines });
      return;
    }
    setPreview(previewOf(rows, local, answer.data.rows));
  }

  function leaveOutProblems() {
    setPreview((current) => current?.filter((p) => p.problem === null) ?? null);
  }

  async function importChecked() {
    if (!preview?.length) return;
    setBusy('importing');
    setNotice(null);
    const answer = await importTrades({ rows: preview.map((p) => p.row), utcOffsetMinutes: offset, dryRun: false });
    setBusy(null);
    if (answer.ok) {
      setFile(null);
      setPreview(null);
      setImports((n) => n + 1);
      setNotice({ kind: 'success', text: answer.message || JournalMessages.imported(answer.data.imported) });
      return;
    }
    const refused = refusedImport(preview, answer.fields);
    setPreview(refused.preview);
    setNotice({ kind: 'error', text: answer.message, lines: refused.lines });
  }

  const mapped = IMPORT_FIELDS.every((field) => columns[field] !== null);
  return {
    file,
    columns,
    offset,
    preview,
    busy,
    notice,
    mapped,
    imports,
    chooseFile,
    setColumn,
    setOffset,
    check,
    leaveOutProblems,
    importChecked,
  };
}

/** The import's state and steps, as its parts take them. */
export type TradeImportFlow = ReturnType<typeof useTradeImport>;
