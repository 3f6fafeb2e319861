import { Messages } from '@signalroom/shared';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** An unknown key as named back to the caller: cut short, so a megabyte of key is not echoed. */
function shown(key: string): string {
  return key.length > 40 ? `${key.slice(0, 40)}…` : key;
}

/** Which part of the request is parsed: the words of an unknown key differ. */
export type RequestPart = 'body' | 'query' | 'params';

/**
 * Parses a request part with a shared schema. Wrong shapes (missing keys, wrong types, unknown fields)
 * are refused with 400 before any rule or write runs. Each field gets its own message (the shared
 * schemas carry the product's "required" words for a missing field) and the envelope's message is the
 * first field's, as for a rule failure.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart = 'body'): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys.map(shown)) {
        fields[[...issue.path, key].join('.')] ??=
          part === 'query' ? Messages.common.unknownQueryParameter(key) : Messages.common.unknownField(key);
      }
      continue;
    }
    if (issue.path.length === 0) {
      fields._ ??= issue.code === 'invalid_type' ? Messages.common.bodyNotObject : Messages.common.invalidRequest;
      continue;
    }
    fields[issue.path.join('.')] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? Messages.common.invalidRequest;
  throw AppError.validation(first, fields);
}

/** A request part that must be empty (calls without a query string, or without a body). */
export function parseNothing(value: unknown, part: RequestPart): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw AppError.validation(Messages.common.bodyNotObject, { _: Messages.common.bodyNotObject });
  }
  const keys = Object.keys(value).map(shown);
  if (keys.length === 0) return;
  const fields = Object.fromEntries(
    keys.map((key) => [
      key,
      part === 'query' ? Messages.common.unknownQueryParameter(key) : Messages.common.unknownField(key),
    ]),
  );
  throw AppError.validation(Object.values(fields)[0]!, fields);
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
