import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decodeUtf8,
  encodeBase64,
  noteCharacterProblem,
  parseDecimal,
  readUint64,
  uint64Bytes,
} from './encoding.js';

describe('decodeBase64', () => {
  it('reads standard padded base64 and writes it back', () => {
    for (const length of [0, 1, 2, 3, 32, 33, 100_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37) & 0xff);
      expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
    }
  });

  it.each([
    ['missing padding', 'YQ'],
    ['white space', 'YW Jj'],
    ['a newline', 'YWJj\n'],
    ['URL-safe letters', '-_-_'],
    ['stray low bits', 'YR=='],
    ['stray low bits before one =', 'YWJ='],
    ['padding in the middle', 'YQ==YQ=='],
    ['too much padding', 'Y==='],
  ])('refuses %s', (_, text) => {
    expect(decodeBase64(text)).toBeNull();
  });

  it('accepts exactly the one spelling that encodes back to itself, for every last character before padding', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    for (const last of alphabet) {
      for (const text of [`Y${last}==`, `YW${last}=`]) {
        const canonical = encodeBase64(Uint8Array.from(atob(text), (c) => c.charCodeAt(0))) === text;
        expect(decodeBase64(text) !== null, text).toBe(canonical);
      }
    }
  });
});

describe('decodeUtf8', () => {
  it('refuses bytes that are not UTF-8 and keeps a leading byte-order mark', () => {
    expect(decodeUtf8(Uint8Array.of(0xff, 0x0a))).toBeNull();
    expect(decodeUtf8(Uint8Array.of(0xc3))).toBeNull();
    expect(decodeUtf8(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toBe('\ufeffa');
    expect(decodeUtf8(Uint8Array.of(0xe2, 0x80, 0x94))).toBe('—');
  });
});

describe('noteCharacterProblem', () => {
  it('allows newlines and any Unicode text, refuses other control characters and lone surrogates', () => {
    expect(noteCharacterProblem('ed è subito sera.\n— 😀\n')).toBeNull();
    expect(noteCharacterProblem('a\x00b')).toMatch(/U\+0000/);
    expect(noteCharacterProblem('a\x1fb')).toMatch(/U\+001f/);
    expect(noteCharacterProblem('a\rb')).toMatch(/U\+000d/);
    expect(noteCharacterProblem('\udc00')).toMatch(/surrogate/);
    expect(noteCharacterProblem('\ud83d')).toMatch(/surrogate/);
  });
});

describe('numbers', () => {
  it('reads decimals without leading zeros that fit a safe integer', () => {
    expect(parseDecimal('0')).toBe(0);
    expect(parseDecimal('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const text of ['', '00', '01', '-1', '+1', '1e3', ' 1', '9007199254740992'])
      expect(parseDecimal(text)).toBeNull();
  });

  it('writes and reads eight big-endian bytes', () => {
    expect([...uint64Bytes(1679315147)]).toEqual([0, 0, 0, 0, 0x64, 0x18, 0x50, 0xcb]);
    expect(readUint64(uint64Bytes(Number.MAX_SAFE_INTEGER))).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });
});
