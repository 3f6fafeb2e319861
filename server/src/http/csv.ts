import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A value a spreadsheet
 * would run as a formula (=, @, a tab, or + and - not followed by a digit) is prefixed with a quote
 * mark so opening the export never executes what a visitor typed into a form.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-](?!\d)/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: ReadonlyArray<string | number | boolean | null | undefined>): string {
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
  header: readonly string[],
  rows: AsyncIterable<R>,
  toFields: (row: R) => ReadonlyArray<string | number | boolean | null | undefined>,
): FastifyReply {
  async function* lines(): AsyncGenerator<string> {
    let piece = csvLine(header);
    for await (const row of rows) {
      piece += csvLine(toFields(row));
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
