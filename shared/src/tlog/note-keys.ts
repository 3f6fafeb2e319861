import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, decodeBase64, encodeBase64, readUint32, utf8 } from './encoding.js';
import {
  assertKeyName,
  assertNoteText,
  formatKeyId,
  keyNameProblem,
  NoteFormatError,
  type NoteSignature,
  type NoteVerifier,
} from './signed-note.js';

/**
 * The keys of signed notes: key IDs, verifier keys (`<name>+<hex key ID>+<base64(type || public key)>`)
 * and Ed25519 note signatures. Ed25519 runs on @noble/curves so the same code verifies in a browser;
 * verification follows RFC 8032 strictly (no ZIP-215 leniency), so every conforming verifier agrees
 * with this one on which signatures are valid.
 */

/** Signature type of Ed25519 signatures over the note text. */
export const NOTE_KEY_TYPE_ED25519 = 0x01;
/** Signature type of timestamped Ed25519 checkpoint cosignatures (cosignature/v1). */
export const NOTE_KEY_TYPE_COSIGNATURE_V1 = 0x04;

const SUPPORTED_TYPES = /* @__PURE__ */ new Set([NOTE_KEY_TYPE_ED25519, NOTE_KEY_TYPE_COSIGNATURE_V1]);
const KEY_ID_HEX = /^[0-9a-f]{8}$/;

/** A parsed verifier key. */
export interface VerifierKey {
  name: string;
  keyId: number;
  /** The signature type byte (0x01 or 0x04 here). */
  type: number;
  /** The 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

/** SHA-256(key name || 0x0A || signature type || public key), first four bytes, big-endian. */
export function noteKeyId(name: string, type: number, publicKey: Uint8Array): number {
  assertKeyName(name);
  if (!Number.isInteger(type) || type < 0 || type > 0xff)
    throw new NoteFormatError(`signature type ${type} is not a byte`);
  return readUint32(sha256(concatBytes(utf8(name), Uint8Array.of(0x0a, type), publicKey)));
}

function assertEd25519Key(type: number, publicKey: Uint8Array): void {
  if (!SUPPORTED_TYPES.has(type))
    throw new NoteFormatError(`signature type 0x${type.toString(16).padStart(2, '0')} is not supported (0x01, 0x04)`);
  if (publicKey.length !== 32) throw new NoteFormatError(`an Ed25519 public key has 32 bytes, not ${publicKey.length}`);
}

/** `<name>+<hex key ID>+<base64(type || public key)>`, the key ID computed from the rest. */
export function formatVerifierKey(name: string, type: number, publicKey: Uint8Array): string {
  assertEd25519Key(type, publicKey);
  const keyId = noteKeyId(name, type, publicKey);
  return `${name}+${formatKeyId(keyId)}+${encodeBase64(concatBytes(Uint8Array.of(type), publicKey))}`;
}

/**
 * A verifier key's parts, checked: a valid key name, eight lowercase hex digits that are the key ID
 * computed from the name, type and key, a supported type and a 32-byte key. Throws NoteFormatError.
 */
export function parseVerifierKey(vkey: string): VerifierKey {
  const first = vkey.indexOf('+');
  const second = first < 0 ? -1 : vkey.indexOf('+', first + 1);
  if (second < 0) throw new NoteFormatError(`a verifier key has three parts joined by "+": ${JSON.stringify(vkey)}`);
  const name = vkey.slice(0, first);
  const problem = keyNameProblem(name);
  if (problem) throw new NoteFormatError(`a verifier key with ${problem}`);
  const hex = vkey.slice(first + 1, second);
  if (!KEY_ID_HEX.test(hex)) throw new NoteFormatError(`the key ID of ${name} is not eight lowercase hex digits`);
  const material = decodeBase64(vkey.slice(second + 1));
  if (!material || material.length < 1) throw new NoteFormatError(`the key of ${name} is not standard base64`);
  const type = material[0] as number;
  const publicKey = material.slice(1);
  assertEd25519Key(type, publicKey);
  const keyId = noteKeyId(name, type, publicKey);
  if (formatKeyId(keyId) !== hex)
    throw new NoteFormatError(`the key ID of ${name} is ${formatKeyId(keyId)}, not ${hex} as the verifier key says`);
  return { name, keyId, type, publicKey };
}

/** An Ed25519 verification: RFC 8032's, given a 64-byte signature and a 32-byte key. */
export type Ed25519Verify = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean;

const portableVerify: Ed25519Verify = (signature, message, publicKey) =>
  ed25519.verify(signature, message, publicKey, { zip215: false });
let engine: Ed25519Verify = portableVerify;

/**
 * Puts a faster Ed25519 verification behind every check of this module (Node's, in a server or a
 * command-line verifier that checks a year of cosignatures: the portable one takes milliseconds each).
 * It must follow RFC 8032 as strictly as the portable one (cofactorless, canonical encodings).
 */
export function useEd25519Verify(verify: Ed25519Verify): void {
  engine = verify;
}

/** Ed25519 verification as RFC 8032 defines it; false for malformed sizes instead of an exception. */
export function verifyEd25519(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  return engine(signature, message, publicKey);
}

/** A key that signs notes. */
export interface NoteSigner {
  name: string;
  keyId: number;
  publicKey: Uint8Array;
  /** The key's verifier key, to publish. */
  verifierKey: string;
  /** Its signature of a note text (which must end in a newline). */
  sign(text: string): NoteSignature;
}

function assertSeed(seed: Uint8Array): void {
  if (seed.length !== 32) throw new NoteFormatError(`an Ed25519 seed has 32 bytes, not ${seed.length}`);
}

/** An Ed25519 note signer (type 0x01) from its 32-byte private seed (RFC 8032's private key). */
export function ed25519NoteSigner(name: string, seed: Uint8Array): NoteSigner {
  assertSeed(seed);
  const publicKey = ed25519.getPublicKey(seed);
  const keyId = noteKeyId(name, NOTE_KEY_TYPE_ED25519, publicKey);
  return {
    name,
    keyId,
    publicKey,
    verifierKey: formatVerifierKey(name, NOTE_KEY_TYPE_ED25519, publicKey),
    sign(text) {
      assertNoteText(text);
      return { name, keyId, signature: ed25519.sign(utf8(text), seed) };
    },
  };
}

/** The verifier of an Ed25519 note key (type 0x01). */
export function ed25519NoteVerifier(vkey: string | VerifierKey): NoteVerifier {
  const key = typeof vkey === 'string' ? parseVerifierKey(vkey) : vkey;
  if (key.type !== NOTE_KEY_TYPE_ED25519)
    throw new NoteFormatError(`${key.name} is not an Ed25519 note key (type 0x01)`);
  return {
    name: key.name,
    keyId: key.keyId,
    verify: (text, signature) => verifyEd25519(signature, utf8(text), key.publicKey),
  };
}
