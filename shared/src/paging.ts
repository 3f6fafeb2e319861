import { z } from 'zod';
import { zIsoTime, zQueryInteger, zText } from './request-fields.js';

/**
 * History read newest first, a page at a time: each page's `pagination.nextCursor` is passed back as
 * `before` for the next (older) page, null on the last; `since` (an ISO time) is a lower bound that
 * stops the walk there. A cursor names a place in the list, not an offset, so what is added at the
 * top while a client pages neither shifts nor repeats what it has yet to read.
 */
export const PagingMessages = {
  before: 'before must be the nextCursor of an earlier page.',
  since: 'since must be a date and time with its zone, such as 2026-12-01T09:30:00Z.',
  limit: (max: number) => `limit must be a whole number from 1 to ${max}.`,
} as const;

/** The longest cursor accepted (they are opaque to clients, and much shorter). */
const CURSOR_MAX = 200;

/** The `before` of a page after the first: the previous page's `nextCursor`, opaque to the client. */
export function zBeforeCursor() {
  return zText({ max: CURSOR_MAX, required: PagingMessages.before });
}

/** The query of a list read newest first: a page size from 1 to `max` (default `fallback`), `before`, `since`. */
export function zHistoryQuery(max: number, fallback: number) {
  return z
    .object({
      limit: zQueryInteger(1, max, PagingMessages.limit(max)).default(fallback),
      before: zBeforeCursor().optional(),
      since: zIsoTime(PagingMessages.since).optional(),
    })
    .strict();
}

/** A page's query as the server reads it. */
export interface HistoryPage {
  limit: number;
  before?: string | undefined;
  since?: Date | undefined;
}
