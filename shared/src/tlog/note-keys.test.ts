import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { decodeBase64, utf8 } from './encoding.js';
import {
  ed25519NoteSigner,
  ed25519NoteVerifier,
  formatVerifierKey,
  NOTE_KEY_TYPE_COSIGNATURE_V1,
  NOTE_KEY_TYPE_ED25519,
  noteKeyId,
  parseVerifierKey,
} from './note-keys.js';
import { formatSignatureLine, formatSignedNote, NoteFormatError } from './signed-note.js';

// C2SP signed-note's example verifier key; its public key as the tests of florolf/tlog-scales
// (tests/test_signing.py) decode it.
const SPEC_VKEY = 'example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k';
const SPEC_PUBLIC_KEY = 'e932791ae6e7a840a46164c904786426d5e7821dd8b29a00d61cae72afdd4da4';

// golang.org/x/mod, sumdb/note/note_test.go: the verifier keys, and the signer key whose base64 part is
// 0x01 followed by the Ed25519 seed (TestSign, with the exact signature line it must produce).
const PETER_KEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const ENOCH_KEY = 'EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop';
const PETER_SEED = decodeBase64('AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz')!.slice(1);
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const PETER_SIGNED = `${GO_TEXT}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

// transparency-dev/formats, note/note_cosigv1_test.go (TestCoSigV1NewVerifier): a type 0x01 key whose
// base64 holds a "+", and the type 0x04 key of the public witness remora.n621.de.
const PLUS_KEY = 'TEST+7997405c+AQcC+FTVKf0jlTdHDY3rbevmnKxxPjigCXlVtGe6RIr6';
const REMORA_KEY = 'remora.n621.de+da77ade7+BOvN63jn/bLvkieywe8R6UYAtVtNbZpXh34x7onlmtw2';

describe('noteKeyId', () => {
  it('is the first four bytes of SHA-256(name || 0x0A || type || key), big-endian', () => {
    const key = hexToBytes(SPEC_PUBLIC_KEY);
    expect(noteKeyId('example.com/foo', NOTE_KEY_TYPE_ED25519, key)).toBe(0x530d903a);
    const digest = sha256(new Uint8Array([...utf8('example.com/foo'), 0x0a, 0x01, ...key]));
    expect(bytesToHex(digest.slice(0, 4))).toBe('530d903a');
  });

  it('gives the published key IDs of the vectors', () => {
    for (const vkey of [SPEC_VKEY, PETER_KEY, ENOCH_KEY, PLUS_KEY, REMORA_KEY]) {
      const [name, hex] = vkey.split('+') as [string, string];
      const material = decodeBase64(vkey.slice(name.length + hex.length + 2))!;
      expect(noteKeyId(name, material[0]!, material.slice(1)).toString(16).padStart(8, '0')).toBe(hex);
    }
  });

  it('differs between signature types for one name and key', () => {
    const key = hexToBytes(SPEC_PUBLIC_KEY);
    expect(noteKeyId('w', NOTE_KEY_TYPE_ED25519, key)).not.toBe(noteKeyId('w', NOTE_KEY_TYPE_COSIGNATURE_V1, key));
  });
});

describe('parseVerifierKey', () => {
  it('reads the example key of C2SP signed-note', () => {
    const key = parseVerifierKey(SPEC_VKEY);
    expect(key).toMatchObject({ name: 'example.com/foo', keyId: 0x530d903a, type: 1 });
    expect(bytesToHex(key.publicKey)).toBe(SPEC_PUBLIC_KEY);
    expect(formatVerifierKey(key.name, key.type, key.publicKey)).toBe(SPEC_VKEY);
  });

  it('reads a key whose base64 holds a plus, and a cosigner key of type 0x04', () => {
    expect(parseVerifierKey(PLUS_KEY)).toMatchObject({ name: 'TEST', keyId: 0x7997405c, type: 1 });
    expect(parseVerifierKey(REMORA_KEY)).toMatchObject({ name: 'remora.n621.de', keyId: 0xda77ade7, type: 4 });
  });

  it('refuses every substring and every one-character change of a key (as the Go tests do)', () => {
    expect(() => parseVerifierKey(PETER_KEY)).not.toThrow();
    for (let i = 0; i <= PETER_KEY.length; i++)
      for (let j = i + 1; j <= PETER_KEY.length; j++)
        if (i !== 0 || j !== PETER_KEY.length)
          expect(() => parseVerifierKey(PETER_KEY.slice(i, j))).toThrow(NoteFormatError);
    for (let i = 0; i < PETER_KEY.length; i++) {
      const changed = PETER_KEY.slice(0, i) + String.fromCharCode(PETER_KEY.charCodeAt(i) + 1) + PETER_KEY.slice(i + 1);
      expect(() => parseVerifierKey(changed)).toThrow(NoteFormatError);
    }
  });

  it.each([
    [
      'a key of the wrong length (with its key ID adjusted)',
      'PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==',
    ],
    [
      'an unknown algorithm (with its key ID adjusted)',
      'PeterNeumann+173116ae+ZRpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
    ],
    ['two parts', 'bananas.sigstore.dev+12344556'],
    ['a key that is not base64', 'rekor.sigstore.dev+12345678+THIS_IS_NOT_BASE64!'],
    ['an unsupported type', 'rekor.sigstore.dev+12345678+AwEB'],
    ['a key ID that is not hex', 'PeterNeumann+NOT_A_NUMBER+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW'],
    ['a key ID that is not the key', 'PeterNeumann+00000000+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW'],
    ['an upper-case key ID', 'PeterNeumann+C74F20A3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW'],
    ['a short key ID', 'example.com/foo+30d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k'],
    ['an empty name', '+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k'],
    ['a name with a space', 'example.com foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k'],
  ])('refuses %s', (_, vkey) => {
    expect(() => parseVerifierKey(vkey)).toThrow(NoteFormatError);
  });
});

describe('formatVerifierKey', () => {
  it('refuses unsupported types, keys of another length and names that cannot be key names', () => {
    const key = hexToBytes(SPEC_PUBLIC_KEY);
    expect(() => formatVerifierKey('a', 0x02, key)).toThrow(NoteFormatError);
    expect(() => formatVerifierKey('a', 0x01, key.slice(1))).toThrow(NoteFormatError);
    expect(() => formatVerifierKey('a+b', 0x01, key)).toThrow(NoteFormatError);
    expect(() => formatVerifierKey('', 0x01, key)).toThrow(NoteFormatError);
  });
});

describe('ed25519NoteSigner', () => {
  it('derives the published verifier key from the seed and signs exactly as the Go implementation', () => {
    const signer = ed25519NoteSigner('PeterNeumann', PETER_SEED);
    expect(signer.verifierKey).toBe(PETER_KEY);
    expect(signer.keyId).toBe(0xc74f20a3);
    expect(formatSignedNote(GO_TEXT, [signer.sign(GO_TEXT)])).toBe(PETER_SIGNED);
  });

  it('refuses a seed of the wrong size and a text that is not a note text', () => {
    expect(() => ed25519NoteSigner('a', new Uint8Array(31))).toThrow(NoteFormatError);
    const signer = ed25519NoteSigner('a', new Uint8Array(32));
    expect(() => signer.sign('no final newline')).toThrow(NoteFormatError);
    expect(() => signer.sign('tab\there\n')).toThrow(NoteFormatError);
  });

  it('signs what its verifier accepts, and only that', () => {
    const signer = ed25519NoteSigner('example.com/log', new Uint8Array(32).fill(9));
    const verifier = ed25519NoteVerifier(signer.verifierKey);
    const { signature } = signer.sign('a\n');
    expect(verifier.verify('a\n', signature)).toBe(true);
    expect(verifier.verify('b\n', signature)).toBe(false);
    expect(verifier.verify('a\n', signature.slice(1))).toBe(false);
    expect(formatSignatureLine(signer.sign('a\n'))).toMatch(/^— example\.com\/log [A-Za-z0-9+/]{91}=\n$/);
  });

  it('refuses a cosigner key where a note key is expected', () => {
    expect(() => ed25519NoteVerifier(REMORA_KEY)).toThrow(NoteFormatError);
  });
});
