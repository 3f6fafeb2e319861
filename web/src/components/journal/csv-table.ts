import Papa from 'papaparse';

/** A row of the file with the line it starts on (a quoted cell may span lines). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A CSV file as the import maps it: its header names and its data rows, blank lines left out. */
export interface CsvTable {
  headers: string[];
  rows: CsvRow[];
  /** The file holds more than the rows asked for; reading stopped there. */
  overflow: boolean;
}

const newlines = (text: string, from: number, to: number) => {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
};

/**
 * Reads a CSV text (delimiter detected: brokers write commas or semicolons) into its header and rows,
 * each with its line in the file, so a problem is reported where the member will look for it. Stops
 * after `maxRows` data rows and one more: a file past the limit is refused whole, not cut.
 */
export function readCsv(text: string, maxRows: number): CsvTable {
  // Papa drops a leading byte-order mark and counts its cursor without it; so do the lines here.
  const body = text.replace(/^\uFEFF/, '');
  const records: CsvRow[] = [];
  let start = 0;
  let line = 1;
  let overflow = false;
  Papa.parse<string[]>(body, {
    step(result, parser) {
      const cells = result.data;
      if (cells.some((cell) => cell.trim() !== '')) records.push({ line, cells });
      const end = result.meta.cursor;
      line += newlines(body, start, end);
      start = end;
      // The header, the rows allowed, and one more to know the file is past the limit.
      if (records.length > maxRows + 1) {
        overflow = true;
        parser.abort();
      }
    },
  });
  const [header, ...rows] = records;
  const headers = (header?.cells ?? []).map((name, i) => name.trim() || `Column ${i + 1}`);
  return { headers, rows: overflow ? rows.slice(0, maxRows) : rows, overflow };
}
