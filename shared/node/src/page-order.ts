import { type RawBuilder, sql } from 'kysely';

/**
 * A column as the text a list's page cursor carries: UTC, to the microsecond as the database keeps it
 * (a millisecond would skip rows written within one). Every list read newest first by a time uses it.
 */
export function pageAtOf(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
