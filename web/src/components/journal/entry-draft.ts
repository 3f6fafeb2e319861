import type { TJournalEntry, TJournalEntryRequest } from '@signalroom/shared';
import { instantOfWallTime, wallTimeOf } from './wall-time.js';

/** The journal dialog's fields as typed. `taken` is null until the member chooses. */
export interface EntryDraft {
  taken: boolean | null;
  stake: string;
  fillPrice: string;
  /** A datetime-local value, on the member's own clock. */
  filledAt: string;
  result: string;
}

const text = (value: number | null) => (value === null ? '' : String(value));

/** The fields of a saved entry, or empty ones for a signal not journaled yet. */
export function draftOf(entry: TJournalEntry | null, timeZone: string): EntryDraft {
  return {
    taken: entry ? entry.taken : null,
    stake: text(entry?.stake ?? null),
    fillPrice: text(entry?.fillPrice ?? null),
    filledAt: entry?.filledAt ? wallTimeOf(entry.filledAt, timeZone) : '',
    result: text(entry?.result ?? null),
  };
}

/** A number as typed: digits with an optional sign and decimal point. A comma is not read as one ("1,000" is not 1). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A typed amount as the API takes it: empty is none (null). Text that is not a number goes as typed,
 * for the server to refuse with the field's own message (the request's type says number: on purpose).
 */
function amountOf(typed: string): number | null {
  const value = typed.trim();
  if (value === '') return null;
  return NUMBER.test(value) ? Number(value) : (value as unknown as number);
}

/** A datetime-local value on the member's clock as the instant the API takes (the same rule for unreadable text). */
function instantOf(typed: string, timeZone: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  return instantOfWallTime(value, timeZone) ?? value;
}

/** The request the dialog sends: a skipped signal carries nothing else; a taken one its trade. */
export function requestOf(draft: EntryDraft & { taken: boolean }, timeZone: string): TJournalEntryRequest {
  if (!draft.taken) return { taken: false };
  return {
    taken: true,
    stake: amountOf(draft.stake),
    fillPrice: amountOf(draft.fillPrice),
    filledAt: instantOf(draft.filledAt, timeZone),
    result: amountOf(draft.result),
  };
}
