import {
  type Checkpoint,
  NOTE_KEY_TYPE_ED25519,
  type NoteSignature,
  parseCheckpoint,
  parseSignedNote,
  parseVerifierKey,
  verifyCosignature,
  verifyEd25519,
} from '../tlog/index.js';
import { bytesToHex } from '../tlog/merkle.js';

/**
 * The track record's checkpoints as the open C2SP formats have them: a signed note whose text is the
 * checkpoint (origin, size, base64 root), signed by the log's Ed25519 key and cosigned by witnesses
 * (cosignature/v1, each with the witness's time). Pure, so the server, the command-line verifier and
 * browsers read them the same way.
 */

/** A checkpoint note read: its text, the checkpoint in it and every signature line. */
export interface ReadCheckpointNote {
  body: string;
  checkpoint: Checkpoint;
  /** The root as lowercase hex (what the log's other answers use). */
  rootHex: string;
  signatures: NoteSignature[];
}

/** Reads a checkpoint note; throws with a sentence when it is not one. */
export function readCheckpointNote(note: string): ReadCheckpointNote {
  const { text, signatures } = parseSignedNote(note);
  const checkpoint = parseCheckpoint(text);
  return { body: text, checkpoint, rootHex: bytesToHex(checkpoint.rootHash), signatures };
}

/** Parsed verifier keys (parsing checks the key ID with a hash: done once per key, not per signature). */
const parsedKeys = /* @__PURE__ */ new Map<string, ReturnType<typeof parseVerifierKey>>();

function parsedKey(verifierKey: string): ReturnType<typeof parseVerifierKey> {
  let key = parsedKeys.get(verifierKey);
  if (!key) {
    key = parseVerifierKey(verifierKey);
    if (parsedKeys.size > 256) parsedKeys.clear();
    parsedKeys.set(verifierKey, key);
  }
  return key;
}

/** Whether the note carries a valid Ed25519 signature of its text by this log verifier key. */
export function noteSignedBy(read: Pick<ReadCheckpointNote, 'body' | 'signatures'>, verifierKey: string): boolean {
  const key = parsedKey(verifierKey);
  if (key.type !== NOTE_KEY_TYPE_ED25519) return false;
  const message = new TextEncoder().encode(read.body);
  return read.signatures.some(
    (s) => s.name === key.name && s.keyId === key.keyId && verifyEd25519(s.signature, message, key.publicKey),
  );
}

/** A witness's cosignature that verified: whose, and its time (POSIX seconds). */
export interface VerifiedCosignature {
  witness: string;
  verifierKey: string;
  timestamp: number;
  signature: NoteSignature;
}

/**
 * The cosignatures of the note that verify under these witness keys (signatures of unknown keys are
 * ignored, as a note's reader must; one that names a known key but fails is left out too).
 */
export function verifiedCosignatures(
  read: Pick<ReadCheckpointNote, 'body' | 'signatures'>,
  witnessKeys: readonly string[],
): VerifiedCosignature[] {
  const found: VerifiedCosignature[] = [];
  for (const verifierKey of witnessKeys) {
    const key = parsedKey(verifierKey);
    for (const signature of read.signatures) {
      if (signature.name !== key.name || signature.keyId !== key.keyId) continue;
      const verified = verifyCosignature(key, read.body, signature);
      if (verified) {
        found.push({ witness: key.name, verifierKey, timestamp: verified.timestamp, signature });
        break;
      }
    }
  }
  return found;
}

/**
 * When a quorum of witnesses had cosigned: the `quorum`-th earliest of their times (seconds), or null
 * when fewer cosigned. A quorum of 0 needs nobody and answers null (the caller decides what that means).
 */
export function quorumTime(timestamps: readonly number[], quorum: number): number | null {
  if (quorum <= 0 || timestamps.length < quorum) return null;
  return [...timestamps].sort((a, b) => a - b)[quorum - 1] ?? null;
}
