import { z } from 'zod';

/**
 * An instant as the API sends it (`toIso`): ISO 8601 with its zone. Declared `format: date-time` in the
 * API's documents, so a strict validator and a generated client read it as a time; parsed as a plain
 * string, since a payload's own rules decide the exact form where one matters (the record's canonical
 * times).
 */
export const ZInstant = z.string().meta({ format: 'date-time' });

/**
 * A timestamp as the API sends it: ISO 8601 in UTC. The database hands timestamps back as a Date
 * (PostgreSQL) or a string (PGlite, JSON), so both are accepted.
 */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** `toIso`, with no timestamp (null or undefined) kept as null. */
export function toIsoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : toIso(value);
}
