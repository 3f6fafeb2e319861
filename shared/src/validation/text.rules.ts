import { Messages } from '../messages.js';

/**
 * Characters no typed text needs, refused in every text input of every form and call:
 * - NUL and the other C0 controls, DEL and the C1 controls (tab, line feed and carriage return only in
 *   multi-line free text). PostgreSQL cannot store NUL at all, and the rest only hide or garble text.
 * - bidirectional embedding, override and isolate controls (U+202A to U+202E, U+2066 to U+2069), which
 *   make a name or a note read differently from what is stored ("Trojan source" spoofing).
 * - unpaired UTF-16 surrogates, which are not text and do not survive a round trip through UTF-8.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_HIDDEN = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Controls alone (no bidi marks): phone numbers copied from a messaging app arrive wrapped in bidi marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_ONLY = /[\u0000-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Bidi marks a phone number may be wrapped in; removed before the number is read. */
const BIDI_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Which characters a text field allows: one line, several lines, or a phone number (bidi marks removed). */
export type TextKind = 'single-line' | 'multi-line' | 'phone';

/** The message for a text that holds a character no input may hold, or undefined when it is clean. */
export function hiddenCharacterIssue(value: string, kind: TextKind = 'single-line'): string | undefined {
  const pattern = kind === 'multi-line' ? MULTI_LINE_HIDDEN : kind === 'phone' ? CONTROLS_ONLY : SINGLE_LINE_HIDDEN;
  return pattern.test(value) || LONE_SURROGATE.test(value) ? Messages.common.hiddenCharacters : undefined;
}

/** A phone number as typed, without the bidi marks that copying from a messaging app adds. */
export function stripBidiMarks(value: string): string {
  return value.replace(BIDI_MARKS, '');
}

/**
 * Invisible characters an e-mail address must not hold: format characters (zero-width space and
 * joiners, soft hyphen, word joiner, byte-order mark, bidi marks) and the blank "filler" letters that
 * render as nothing. With them, a look-alike of an existing address could be registered.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is refused on its own, joiners included
const EMAIL_INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800\u034F\u180B-\u180F\uFE00-\uFE0F]/u;
/** Letters of the scripts whose look-alikes are mixed into Latin addresses (Cyrillic "а" for Latin "a"). */
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;

/**
 * An e-mail address in the one form it is stored and compared in: Unicode NFKC (so full-width and
 * other compatibility look-alikes fold to the plain letters) and trimmed. Case is kept for display;
 * lookups compare lower-cased on the database side.
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/** The rate-limit and cooldown key of an address: normalised and lower-cased. */
export function emailKey(raw: string): string {
  return normalizeEmail(raw).toLowerCase();
}

/**
 * Why an address (already normalised) cannot be an account's address although it may look fine:
 * invisible characters, or Latin letters mixed with look-alike letters of another script.
 */
export function emailSpoofIssue(email: string): string | undefined {
  if (EMAIL_INVISIBLE.test(email)) return Messages.common.emailInvisible;
  if (LATIN.test(email) && LOOKALIKE_SCRIPTS.test(email)) return Messages.common.emailMixedScripts;
  return undefined;
}
