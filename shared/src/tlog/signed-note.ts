import { concatBytes, decodeBase64, encodeBase64, noteCharacterProblem, readUint32, uint32Bytes } from './encoding.js';

/**
 * Signed notes (C2SP signed-note): a text ending in a newline, a blank line, then one or more lines
 * `— <key name> base64(key ID || signature)`. This file reads and writes them and applies the rules a
 * verifier must follow; the keys that sign and verify are in note-keys.ts and cosignature.ts.
 */

/** The most signature lines a note may carry here; the format asks verifiers to accept at least 16. */
export const MAX_NOTE_SIGNATURES = 100;

const SIGNATURE_PREFIX = '\u2014 ';
const UNICODE_SPACE = /\p{White_Space}/u;

/** One signature line of a note. */
export interface NoteSignature {
  /** The key name. */
  name: string;
  /** The key ID, an unsigned 32-bit integer. */
  keyId: number;
  /** The signature bytes that follow the key ID (their meaning depends on the key's type). */
  signature: Uint8Array;
}

/** A note split into its text and its signatures, none of them verified yet. */
export interface ParsedNote {
  /** The signed text, including its final newline and not the blank line after it. */
  text: string;
  signatures: NoteSignature[];
}

/** A note, or a part of one, that breaks the format. */
export class NoteFormatError extends Error {
  override name = 'NoteFormatError';
}

/** A well-formed note that may not be trusted: no known key signed it, or a known key's signature fails. */
export class NoteVerificationError extends Error {
  override name = 'NoteVerificationError';
}

/** Why a key name is not one, or null: it must be non-empty, with no Unicode space and no `+`. */
export function keyNameProblem(name: string): string | null {
  if (name === '') return 'an empty key name';
  if (UNICODE_SPACE.test(name)) return `a key name with a space (${JSON.stringify(name)})`;
  if (name.includes('+')) return `a key name with a "+" (${JSON.stringify(name)})`;
  const characters = noteCharacterProblem(name);
  return characters ? `a key name with ${characters}` : null;
}

/** Throws a NoteFormatError unless `name` may name a key. */
export function assertKeyName(name: string): void {
  const problem = keyNameProblem(name);
  if (problem) throw new NoteFormatError(problem);
}

function assertKeyId(keyId: number): void {
  if (!Number.isInteger(keyId) || keyId < 0 || keyId > 0xffffffff)
    throw new NoteFormatError(`key ID ${keyId} is not an unsigned 32-bit integer`);
}

/** The key ID as verifier keys and messages write it: eight lowercase hex digits. */
export function formatKeyId(keyId: number): string {
  assertKeyId(keyId);
  return keyId.toString(16).padStart(8, '0');
}

/** `— <name> base64(key ID || signature)` and a newline. */
export function formatSignatureLine(sig: NoteSignature): string {
  assertKeyName(sig.name);
  assertKeyId(sig.keyId);
  return `${SIGNATURE_PREFIX}${sig.name} ${encodeBase64(concatBytes(uint32Bytes(sig.keyId), sig.signature))}\n`;
}

function parseSignatureLine(line: string): NoteSignature {
  if (!line.startsWith(SIGNATURE_PREFIX))
    throw new NoteFormatError(`a signature line must start with an em dash and a space: ${JSON.stringify(line)}`);
  const rest = line.slice(SIGNATURE_PREFIX.length);
  const space = rest.lastIndexOf(' ');
  if (space < 0)
    throw new NoteFormatError(`a signature line needs a key name and a signature: ${JSON.stringify(line)}`);
  const name = rest.slice(0, space);
  const problem = keyNameProblem(name);
  if (problem) throw new NoteFormatError(`a signature line has ${problem}`);
  const bytes = decodeBase64(rest.slice(space + 1));
  if (!bytes) throw new NoteFormatError(`the signature of ${name} is not standard base64`);
  if (bytes.length < 4) throw new NoteFormatError(`the signature of ${name} is shorter than its 4-byte key ID`);
  return { name, keyId: readUint32(bytes), signature: bytes.slice(4) };
}

/**
 * The signature lines of a block of them (a note's last part, or a witness's answer): one or more
 * lines, each ending in a newline, at most MAX_NOTE_SIGNATURES.
 */
export function parseSignatureLines(text: string): NoteSignature[] {
  const characters = noteCharacterProblem(text);
  if (characters) throw new NoteFormatError(`signature lines with ${characters}`);
  if (text === '') throw new NoteFormatError('no signature line');
  if (!text.endsWith('\n')) throw new NoteFormatError('the last signature line does not end in a newline');
  const lines = text.slice(0, -1).split('\n');
  if (lines.length > MAX_NOTE_SIGNATURES)
    throw new NoteFormatError(`${lines.length} signature lines, more than the ${MAX_NOTE_SIGNATURES} accepted`);
  return lines.map(parseSignatureLine);
}

/** Throws a NoteFormatError unless `text` may be a note's text: valid characters, ending in a newline. */
export function assertNoteText(text: string): void {
  const characters = noteCharacterProblem(text);
  if (characters) throw new NoteFormatError(`a note with ${characters}`);
  if (!text.endsWith('\n')) throw new NoteFormatError('a note text must end in a newline');
}

/** A note's text and signatures, split at its last blank line; nothing is verified. */
export function parseSignedNote(note: string): ParsedNote {
  assertNoteText(note);
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new NoteFormatError('a note needs a blank line between its text and its signatures');
  return { text: note.slice(0, split + 1), signatures: parseSignatureLines(note.slice(split + 2)) };
}

/** The note: its text, a blank line, and a line per signature (at least one). */
export function formatSignedNote(text: string, signatures: readonly NoteSignature[]): string {
  assertNoteText(text);
  if (signatures.length === 0) throw new NoteFormatError('a note needs at least one signature');
  if (signatures.length > MAX_NOTE_SIGNATURES)
    throw new NoteFormatError(`${signatures.length} signatures, more than the ${MAX_NOTE_SIGNATURES} accepted`);
  return `${text}\n${signatures.map(formatSignatureLine).join('')}`;
}

/** A trusted key: the name and ID its signatures carry, and the check of a signature's bytes. */
export interface NoteVerifier {
  name: string;
  keyId: number;
  /** Whether `signature` (the bytes after the key ID) is this key's over the note text. Never throws. */
  verify(text: string, signature: Uint8Array): boolean;
}

/** A note whose text may be trusted, with the signatures of known keys that verified (one per key). */
export interface VerifiedNote {
  text: string;
  verified: NoteSignature[];
}

/**
 * Opens a note with the keys trusted for it. A signature whose name and ID (both) match no known key is
 * ignored; one that matches must verify, or the whole note is rejected; and at least one must match.
 * Throws NoteFormatError for a malformed note and NoteVerificationError for one that may not be trusted
 * (also when two trusted keys share the name and ID a signature carries: which one signed is unknowable).
 */
export function verifySignedNote(note: string, verifiers: readonly NoteVerifier[]): VerifiedNote {
  const { text, signatures } = parseSignedNote(note);
  const known = new Map<string, NoteVerifier[]>();
  for (const verifier of verifiers) {
    const id = `${verifier.name}+${formatKeyId(verifier.keyId)}`;
    known.set(id, [...(known.get(id) ?? []), verifier]);
  }
  const verified = new Map<string, NoteSignature>();
  for (const sig of signatures) {
    const id = `${sig.name}+${formatKeyId(sig.keyId)}`;
    const matches = known.get(id);
    if (!matches) continue;
    if (matches.length > 1) throw new NoteVerificationError(`ambiguous key ${id}: ${matches.length} trusted keys`);
    if (!(matches[0] as NoteVerifier).verify(text, sig.signature))
      throw new NoteVerificationError(`invalid signature for key ${id}`);
    if (!verified.has(id)) verified.set(id, sig);
  }
  if (verified.size === 0) throw new NoteVerificationError('no signature from a known key');
  return { text, verified: [...verified.values()] };
}
