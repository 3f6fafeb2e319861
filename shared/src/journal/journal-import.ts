import { JOURNAL_LIMITS } from './journal.js';

/**
 * Reading a broker's trade history: each row's cells turned into a trade, or the reason it cannot be,
 * and each trade matched to the signal it followed (same instrument, its time within the signal's
 * window, the same direction). Pure, so the server's import and its tests read rows alike.
 */
export const JournalImportProblems = {
  time: 'The time is not a date and time this import reads (e.g. 2026-12-02 10:05:03).',
  instrument: 'The instrument is empty.',
  direction: 'The direction is not one of CALL, PUT, BUY, SELL, UP, DOWN, HIGHER, LOWER, LONG or SHORT.',
  stake: 'The stake is not an amount from 1 to 100,000 (e.g. 10 or 12.50).',
  result: 'The result is not an amount from -100,000 to 100,000 (negative for a loss).',
  noSignal: (instrument: string, time: string) => `No signal of ${instrument} was open at ${time}.`,
  otherDirection: (asset: string, direction: string) =>
    `The signal of ${asset} then was ${direction}; this trade went the other way.`,
  sameSignal: (line: number) => `Line ${line} already matches the same signal.`,
} as const;

export interface ImportedTrade {
  time: number;
  instrumentKey: string;
  instrument: string;
  direction: 'CALL' | 'PUT';
  stake: number;
  result: number;
}

const DIRECTIONS: Record<string, 'CALL' | 'PUT'> = {
  CALL: 'CALL',
  BUY: 'CALL',
  UP: 'CALL',
  HIGHER: 'CALL',
  LONG: 'CALL',
  PUT: 'PUT',
  SELL: 'PUT',
  DOWN: 'PUT',
  LOWER: 'PUT',
  SHORT: 'PUT',
};

/** An instrument as a key: letters and digits only, upper case ("EUR/USD", "eurusd" → "EURUSD"). */
export const instrumentKey = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * An amount as brokers write one: an optional sign, currency symbol or code, thousands separated by
 * commas, a decimal point. A comma as the decimal mark is refused rather than guessed.
 */
export function readAmount(cell: string): number | null {
  const cleaned = cell
    .trim()
    .replace(/^([+-]?)\s*(?:[$€£]|[A-Z]{3})?\s*/, '$1')
    .replace(/\s*(?:[A-Z]{3})$/, '');
  if (!/^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * A time: ISO 8601 with its zone as written, or a wall time `YYYY-MM-DD HH:MM[:SS]` at the file's offset
 * (minutes east of UTC). Null for anything else, or a wall time that does not exist (e.g. 31 June).
 */
export function readTradeTime(cell: string, utcOffsetMinutes: number): number | null {
  const text = cell.trim();
  if (ZONED.test(text) && /^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  const m = WALL_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Number((m[7] ?? '0').padEnd(3, '0'));
  const wall = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  // Date.UTC rolls 31 June over to 1 July and 24:00 to the next day: a time that does not exist is
  // refused, not moved.
  if (wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day || wall.getUTCHours() !== hour) return null;
  if (minute > 59 || second > 59) return null;
  return wall.getTime() - utcOffsetMinutes * 60_000;
}

/** One row read: a trade, or the first problem found in it. */
export function readImportRow(
  row: { time: string; instrument: string; direction: string; stake: string; result: string },
  utcOffsetMinutes: number,
): { trade: ImportedTrade } | { problem: string } {
  const time = readTradeTime(row.time, utcOffsetMinutes);
  if (time === null) return { problem: JournalImportProblems.time };
  const instrument = row.instrument.trim();
  if (instrumentKey(instrument) === '') return { problem: JournalImportProblems.instrument };
  const direction = DIRECTIONS[row.direction.trim().toUpperCase()];
  if (!direction) return { problem: JournalImportProblems.direction };
  const stake = readAmount(row.stake);
  const { stake: stakeRange, result: resultRange } = JOURNAL_LIMITS;
  if (stake === null || stake < stakeRange.min || stake > stakeRange.max)
    return { problem: JournalImportProblems.stake };
  const result = readAmount(row.result);
  if (result === null || result < resultRange.min || result > resultRange.max) {
    return { problem: JournalImportProblems.result };
  }
  const cents = (n: number) => Math.round(n * 100) / 100;
  return {
    trade: {
      time,
      instrument,
      instrumentKey: instrumentKey(instrument),
      direction,
      stake: cents(stake),
      result: cents(result),
    },
  };
}

/** A signal a trade can be matched to, as the record logged it. */
export interface MatchableSignal {
  id: string;
  asset: string;
  direction: 'CALL' | 'PUT';
  windowStart: number;
  /** When its last window closed (ms). */
  expiresAt: number;
}

/**
 * Matches each trade to the signal it followed: of the same instrument, open at the trade's time (from
 * a minute before its window to its expiry), the nearest start; it must go the same way, and no two
 * rows may take the same signal. Answers, in row order, the signal or the problem.
 */
export function matchTrades(
  trades: readonly { line: number; trade: ImportedTrade }[],
  signals: readonly MatchableSignal[],
  describeTime: (ms: number) => string,
): { line: number; signal: MatchableSignal | null; problem: string | null }[] {
  const byInstrument = new Map<string, MatchableSignal[]>();
  for (const s of signals) {
    const key = instrumentKey(s.asset);
    const list = byInstrument.get(key);
    if (list) list.push(s);
    else byInstrument.set(key, [s]);
  }
  const taken = new Map<string, number>();
  return trades.map(({ line, trade }) => {
    const open = (byInstrument.get(trade.instrumentKey) ?? []).filter(
      (s) => trade.time >= s.windowStart - JOURNAL_LIMITS.earlyFillMs && trade.time <= s.expiresAt,
    );
    const signal = open.sort((a, b) => Math.abs(a.windowStart - trade.time) - Math.abs(b.windowStart - trade.time))[0];
    if (!signal) {
      return {
        line,
        signal: null,
        problem: JournalImportProblems.noSignal(trade.instrument, describeTime(trade.time)),
      };
    }
    if (signal.direction !== trade.direction) {
      return { line, signal: null, problem: JournalImportProblems.otherDirection(signal.asset, signal.direction) };
    }
    const earlier = taken.get(signal.id);
    if (earlier !== undefined) return { line, signal: null, problem: JournalImportProblems.sameSignal(earlier) };
    taken.set(signal.id, line);
    return { line, signal, problem: null };
  });
}
