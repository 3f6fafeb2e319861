import { PagingMessages } from '@signalroom/shared';
import { AppError } from './app-error.js';
import { isUuid } from './parse.js';

/**
 * Cursors of lists read newest first. A cursor names the last row of a page by its order key: a time,
 * to the microsecond as the database keeps it (a millisecond would skip rows written within one), and
 * its id, which breaks ties. It is opaque to clients (base64url), so its form may change.
 */

/** Where a page starts: strictly before this time and id, in the list's order. */
export interface PagePlace {
  /** The time as the database writes it, `2026-12-02T04:41:01.123456Z`. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodePageCursor(place: PagePlace): string {
  return Buffer.from(`${place.at}|${place.id}`).toString('base64url');
}

/** The place a `before` names; 400 on `before` for anything that is not a cursor this server gave. */
export function decodePageCursor(cursor: string | undefined): PagePlace | null {
  if (cursor === undefined) return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !AT.test(at) || Number.isNaN(Date.parse(at)) || !isUuid(id)) {
    throw AppError.validation(PagingMessages.before, { before: PagingMessages.before });
  }
  return { at, id };
}

/**
 * One page of rows read `limit + 1` at a time: the page, and the cursor of the next page when the
 * extra row showed there is one.
 */
export function pageOf<T extends { page_at: string; page_id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodePageCursor({ at: last.page_at, id: last.page_id }) : null,
  };
}
