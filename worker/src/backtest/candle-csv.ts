import { readFile } from 'node:fs/promises';
import type { Candle } from '@signalroom/shared-node/market';
import { parse } from 'csv-parse/sync';

/**
 * Candles from a CSV file: the header `time,open,high,low,close` with an optional `volume`, one row per
 * candle, `time` (when the candle opened) in ISO 8601 UTC (`2026-01-05T00:00:00Z`) or epoch milliseconds,
 * rows in strictly increasing time. Lines starting with `#` are comments (a generated file says so there).
 * Anything else is refused with the line that is wrong, never read around.
 */
export class CandleFileError extends Error {
  override name = 'CandleFileError';
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
  }
}

const HEADER = ['time', 'open', 'high', 'low', 'close'] as const;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]00:00)$/;
const EPOCH_MS = /^\d{10,15}$/;

function timeOf(text: string, line: number): number {
  if (EPOCH_MS.test(text)) return Number(text);
  if (ISO_UTC.test(text)) {
    const ms = Date.parse(text);
    if (Number.isFinite(ms)) return ms;
  }
  throw new CandleFileError(
    line,
    `time "${text}" is neither ISO 8601 UTC (2026-01-05T00:00:00Z) nor epoch milliseconds`,
  );
}

function priceOf(text: string, column: string, line: number): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!(Number.isFinite(value) && value > 0))
    throw new CandleFileError(line, `${column} "${text}" is not a positive number`);
  return value;
}

/** The candles of a CSV text, oldest first; throws a CandleFileError naming the first bad line. */
export function parseCandleCsv(text: string): Candle[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      comment: '#',
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    // The parser's message names the line too; ours leads with it, once.
    throw new CandleFileError(line, (error as Error).message.replace(/ (on|at) line \d+$/, ''));
  }
  const [head, ...body] = rows;
  if (!head) throw new CandleFileError(1, 'the file is empty: expected the header time,open,high,low,close');
  const columns = head.record.map((c) => c.toLowerCase());
  const expected = columns.length === 6 ? [...HEADER, 'volume'] : HEADER;
  if (columns.join(',') !== expected.join(',')) {
    throw new CandleFileError(
      head.info.lines,
      `the header is "${head.record.join(',')}": expected time,open,high,low,close (and optionally volume)`,
    );
  }
  const candles: Candle[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const { record, info } of body) {
    const line = info.lines;
    const [time, open, high, low, close] = record as [string, string, string, string, string];
    const t = timeOf(time, line);
    if (t <= previous) {
      throw new CandleFileError(
        line,
        `time ${new Date(t).toISOString()} is not after the row before it (rows must be in increasing time)`,
      );
    }
    const candle = {
      time: new Date(t),
      open: priceOf(open, 'open', line),
      high: priceOf(high, 'high', line),
      low: priceOf(low, 'low', line),
      close: priceOf(close, 'close', line),
    };
    if (
      candle.high < Math.max(candle.open, candle.close, candle.low) ||
      candle.low > Math.min(candle.open, candle.close)
    ) {
      throw new CandleFileError(line, 'high must be the highest price of the candle and low the lowest');
    }
    if (record.length === 6 && record[5] !== '' && !(Number(record[5]) >= 0)) {
      throw new CandleFileError(line, `volume "${record[5]}" is not a number from 0`);
    }
    candles.push(candle);
    previous = t;
  }
  if (candles.length === 0) throw new CandleFileError(head.info.lines, 'the file has a header but no candles');
  return candles;
}

/** Reads and parses a candles file (see parseCandleCsv). */
export async function readCandleCsv(path: string): Promise<Candle[]> {
  return parseCandleCsv(await readFile(path, 'utf8'));
}
