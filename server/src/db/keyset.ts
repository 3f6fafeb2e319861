import { type ExpressionBuilder, sql } from 'kysely';

/** Where a keyset read stopped: the last row's creation time (exact, as text) and id. */
export interface KeysetCursor {
  at: string;
  id: string;
}

/** The exact creation time of a row, as text: a JS Date would drop the microseconds and skip rows. */
export const cursorAt = sql<string>`cast(created_at as text)`.as('cursor_at');

/** Rows after the cursor in "newest first, then id descending" order. */
export function olderThan(cursor: KeysetCursor) {
  return (eb: ExpressionBuilder<any, any>) =>
    eb.or([
      eb('created_at', '<', sql`cast(${cursor.at} as timestamptz)`),
      eb.and([eb('created_at', '=', sql`cast(${cursor.at} as timestamptz)`), eb('id', '<', cursor.id)]),
    ]);
}

/**
 * Every row a query matches, read one page at a time (keyset, no OFFSET), so a caller streaming them
 * holds one page in memory whatever the table's size.
 */
export async function* keysetRows<R extends { id: string; cursor_at: string }>(
  page: (after: KeysetCursor | null, limit: number) => Promise<R[]>,
  pageSize = 500,
): AsyncGenerator<R> {
  let after: KeysetCursor | null = null;
  for (;;) {
    const rows = await page(after, pageSize);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { at: last.cursor_at, id: last.id };
  }
}
