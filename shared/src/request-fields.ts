import { z } from 'zod';
import { Messages } from './messages.js';
import { emailSpoofIssue, hiddenCharacterIssue, type TextKind } from './validation/text.rules.js';

/**
 * Building blocks of every request schema. Each field carries the message a person should read when
 * it is missing, so a missing field gets the same words as an empty one (the field's own rule gives
 * those for an empty value), and every text field refuses hidden control characters by construction.
 * Build request fields from these, never from a bare `z.string()`: shared/src/request-schemas.test.ts
 * walks every request schema and fails on a text field without the control-character rule.
 */

export interface TextFieldOptions {
  /** Longest accepted value. */
  max: number;
  /** The field's "required" message; a missing or null value gets it. Omit for optional fields. */
  required?: string;
  /** Which characters are allowed (single line by default). */
  kind?: TextKind;
}

/** A text input: a string of at most `max` characters without hidden control characters. */
export function zText({ max, required, kind = 'single-line' }: TextFieldOptions) {
  return z
    .string({ error: (issue) => (issue.input == null && required ? required : Messages.common.notText) })
    .refine((value) => !hiddenCharacterIssue(value, kind), Messages.common.hiddenCharacters)
    .max(max, Messages.common.tooLong(max));
}

/**
 * An e-mail input: folded to Unicode NFKC and trimmed before any rule runs (full-width and other
 * compatibility look-alikes become the plain letters), then refused when it hides invisible characters
 * or mixes Latin with look-alike letters. The form rule (pattern, "required") runs on the result.
 */
export function zEmailText(required: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? required : Messages.common.notText) })
    .normalize('NFKC')
    .trim()
    .refine((value) => !hiddenCharacterIssue(value), Messages.common.hiddenCharacters)
    .max(320, Messages.common.tooLong(320))
    .superRefine((value, ctx) => {
      const issue = emailSpoofIssue(value);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    });
}

/** One of a fixed set of values; missing, empty and unknown values all get `message`. */
export function zChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** true or false; anything else, missing included, gets `message`. */
export function zFlag(message: string) {
  return z.boolean({ error: message });
}

/** A whole number in a query string (query values arrive as text), from `min` to `max`. */
export function zQueryInteger(min: number, max: number, message: string) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** An ISO 8601 date and time with its zone (`2026-12-01T09:30:00Z`, `...+01:00`); the seconds may carry a fraction. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A moment given as ISO 8601 text with its zone, read as a Date; anything else gets `message`. */
export function zIsoTime(message: string) {
  return zText({ max: 40, required: message })
    .refine((value) => ISO_TIME.test(value.trim()) && !Number.isNaN(Date.parse(value.trim())), message)
    .transform((value) => new Date(Date.parse(value.trim())));
}
