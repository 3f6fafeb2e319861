import { Messages } from '@signalroom/shared';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Parses a request part with a shared schema. Wrong shapes (missing keys, wrong types, unknown fields)
 * are refused with 400 before any rule or write runs.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : '_');
    fields[key] ??= issue.message;
  }
  throw AppError.validation(Messages.common.invalidRequest, fields);
}

/** Throws the first field error of a shared rule set as a 400 carrying all of them. */
export function assertNoFieldErrors(errors: Partial<Record<string, string>>): void {
  const entries = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string');
  const first = entries[0];
  if (first) throw AppError.validation(first[1], Object.fromEntries(entries));
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter can be a row id at all (anything else names nothing: 404, not a database error). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
