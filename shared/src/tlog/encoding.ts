/**
 * The byte and text encodings the transparency-log formats share: strict standard base64, big-endian
 * integers, decimal sizes and the character rules of a signed note. Only what every browser and Node
 * have (atob, btoa, TextEncoder, TextDecoder), so the module runs the same on both sides.
 */

const BASE64_SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** The standard base64 of bytes, with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The bytes of standard, padded base64, or null for anything else: atob alone skips white space, takes
 * unpadded text and ignores stray low bits, so a hash could be written several ways; only the one
 * canonical spelling is accepted here.
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (!BASE64_SHAPE.test(text) || hasStrayBits(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Whether padded base64 of the right shape sets bits its padding says are not there: the last character
 * before "==" carries 4 unused low bits, before "=" 2. Once the shape holds, these are the only other
 * spellings of the same bytes (checked directly: re-encoding to compare cost a second pass over every
 * signature of a year's checkpoints).
 */
function hasStrayBits(text: string): boolean {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (padding === 0) return false;
  const last = BASE64_ALPHABET.indexOf(text.charAt(text.length - padding - 1));
  return padding === 2 ? (last & 0b1111) !== 0 : (last & 0b11) !== 0;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Text of UTF-8 bytes, or null when they are not valid UTF-8. A leading byte-order mark is kept: it is
 * part of what was signed.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

/** A decimal with no leading zeros (`0` alone for zero) that fits a safe integer, or null. */
export function parseDecimal(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Why a text may not be (part of) a signed note, or null when it may: it must be encodable as UTF-8
 * (no lone surrogate) and hold no ASCII control character other than newline.
 */
export function noteCharacterProblem(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x0a) return `control character U+${code.toString(16).padStart(4, '0')}`;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'text that is not valid UTF-8 (a lone surrogate)';
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return 'text that is not valid UTF-8 (a lone surrogate)';
    }
  }
  return null;
}

/** Four bytes, big-endian. */
export function uint32Bytes(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/** Eight bytes, big-endian, of a non-negative safe integer. */
export function uint64Bytes(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

/** The big-endian unsigned integer at `offset` (four bytes). */
export function readUint32(bytes: Uint8Array, offset = 0): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset);
}

/** The big-endian unsigned integer at `offset` (eight bytes), exact. */
export function readUint64(bytes: Uint8Array, offset = 0): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset);
}

/** Bytes laid end to end. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Whether two byte strings are the same. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
