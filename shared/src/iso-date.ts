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
