import { ed25519 } from '@noble/curves/ed25519.js';
import { parseCheckpoint } from './checkpoint.js';
import { concatBytes, readUint64, uint64Bytes, utf8 } from './encoding.js';
import {
  formatVerifierKey,
  NOTE_KEY_TYPE_COSIGNATURE_V1,
  noteKeyId,
  parseVerifierKey,
  type VerifierKey,
  verifyEd25519,
} from './note-keys.js';
import { assertNoteText, NoteFormatError, type NoteSignature, type NoteVerifier } from './signed-note.js';

/**
 * Ed25519 checkpoint cosignatures (C2SP tlog-cosignature, cosignature/v1, signature type 0x04): a
 * cosigner states that, at the time it gives, the checkpoint is the largest consistent tree it has seen
 * for that log. The signature bytes are the timestamp (u64, big-endian, POSIX seconds) followed by the
 * 64-byte Ed25519 signature of the message below. Timestamps are numbers here: any time up to 2^53 - 1
 * seconds fits, and a larger one is treated as a time in the future, which verifiers may reject.
 */

/** The first line of every cosigned message: it keeps these signatures apart from any other use of the key. */
export const COSIGNATURE_V1_HEADER = 'cosignature/v1';

const MAX_U63 = (1n << 63n) - 1n;

function assertTimestamp(timestampSeconds: number): void {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0)
    throw new NoteFormatError(`timestamp ${timestampSeconds} is not a non-negative safe integer of seconds`);
}

/** `cosignature/v1`, `time <seconds>`, then the checkpoint's note text (with its final newline). */
export function cosignatureMessage(checkpointBody: string, timestampSeconds: number): string {
  assertTimestamp(timestampSeconds);
  assertNoteText(checkpointBody);
  return `${COSIGNATURE_V1_HEADER}\ntime ${timestampSeconds}\n${checkpointBody}`;
}

/** SHA-256(name || 0x0A || 0x04 || public key)[:4]: the key ID of an Ed25519 cosigner. */
export function cosignerKeyId(name: string, publicKey: Uint8Array): number {
  return noteKeyId(name, NOTE_KEY_TYPE_COSIGNATURE_V1, publicKey);
}

/** A witness's (or any cosigner's) key. */
export interface Cosigner {
  name: string;
  keyId: number;
  publicKey: Uint8Array;
  /** Its verifier key, type 0x04, to publish. */
  verifierKey: string;
  /** Its cosignature of a checkpoint's note text at that time (seconds). Throws for a text that is not a checkpoint. */
  cosign(checkpointBody: string, timestampSeconds: number): NoteSignature;
}

/** An Ed25519 cosigner from its 32-byte private seed. */
export function ed25519Cosigner(name: string, seed: Uint8Array): Cosigner {
  if (seed.length !== 32) throw new NoteFormatError(`an Ed25519 seed has 32 bytes, not ${seed.length}`);
  const publicKey = ed25519.getPublicKey(seed);
  const keyId = cosignerKeyId(name, publicKey);
  return {
    name,
    keyId,
    publicKey,
    verifierKey: formatVerifierKey(name, NOTE_KEY_TYPE_COSIGNATURE_V1, publicKey),
    cosign(checkpointBody, timestampSeconds) {
      parseCheckpoint(checkpointBody);
      const signature = ed25519.sign(utf8(cosignatureMessage(checkpointBody, timestampSeconds)), seed);
      return { name, keyId, signature: concatBytes(uint64Bytes(timestampSeconds), signature) };
    },
  };
}

function cosignerKey(vkey: string | VerifierKey): VerifierKey {
  const key = typeof vkey === 'string' ? parseVerifierKey(vkey) : vkey;
  if (key.type !== NOTE_KEY_TYPE_COSIGNATURE_V1)
    throw new NoteFormatError(`${key.name} is not an Ed25519 cosigner key (type 0x04)`);
  return key;
}

/**
 * The time a cosignature states, when it is this cosigner's (same name and key ID) and verifies over
 * the checkpoint's note text; null otherwise. Throws only for a key that is not a cosigner's.
 */
export function verifyCosignature(
  vkey: string | VerifierKey,
  checkpointBody: string,
  sig: NoteSignature,
): { timestamp: number } | null {
  const key = cosignerKey(vkey);
  if (sig.name !== key.name || sig.keyId !== key.keyId || sig.signature.length !== 72) return null;
  const timestamp = readUint64(sig.signature);
  if (timestamp > MAX_U63 || timestamp > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  const message = utf8(`${COSIGNATURE_V1_HEADER}\ntime ${timestamp}\n${checkpointBody}`);
  return verifyEd25519(sig.signature.subarray(8), message, key.publicKey) ? { timestamp: Number(timestamp) } : null;
}

/** The cosigner's key as a note verifier, so a cosigned checkpoint opens with verifySignedNote. */
export function cosignatureVerifier(vkey: string | VerifierKey): NoteVerifier {
  const key = cosignerKey(vkey);
  return {
    name: key.name,
    keyId: key.keyId,
    verify: (text, signature) => verifyCosignature(key, text, { name: key.name, keyId: key.keyId, signature }) !== null,
  };
}
