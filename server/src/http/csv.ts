import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** What one cell of a CSV may hold. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * A CSV's columns, each its header beside the value it takes from a row: one list, so a header can never
 * fall out of step with its value.
 */
export type CsvColumns<R> = ReadonlyArray<readonly [header: string, value: (row: R) => CsvValue]>;

/** A phone in E.164 (+ and up to 15 digits): a spreadsheet reads it as a number at most, never a formula. */
const E164 = /^\+[1-9]\d{0,14}$/;
/** What a spreadsheet may run as a formula when a cell starts with it (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text that starts like a
 * formula (=, +, -, @, a tab or a carriage return; `-2+3+cmd|...` included) gets a leading quote mark
 * and is quoted, so opening the export never runs what a visitor typed into a form. An E.164 phone
 * keeps its +, quoted. Numbers and booleans are written as they are: they cannot hold a formula.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  if (E164.test(value)) return quoted(value);
  if (FORMULA_START.test(value)) return quoted(`'${value}`);
  return /[",\r\n]/.test(value) ? quoted(value) : value;
}

export function csvLine(fields: ReadonlyArray<CsvValue>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Lines are sent in pieces of about this size: one write per row would cost more than the rows. */
const PIECE_CHARS = 32 * 1024;

/**
 * Sends rows as a CSV download, written as they are read: the header line first, then the rows in
 * pieces of about 32 KB. The stream pulls more rows only when the socket has room, so memory stays flat
 * for any row count.
 */
export function sendCsv<R>(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumns<R>,
  rows: AsyncIterable<R>,
): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    let piece = csvLine(columns.map(([header]) => header));
    for await (const row of rows) {
      piece += csvLine(columns.map(([, value]) => value(row)));
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
    if (piece) yield piece;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines(), { objectMode: false }));
}
