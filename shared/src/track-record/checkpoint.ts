import { ed25519 } from '@noble/curves/ed25519.js';
import { z } from 'zod';
import { EMPTY_TREE_ROOT, hexToBytes, verifyConsistency } from '../tlog/merkle.js';
import { TRACK_RECORD_GENESIS_HASH } from './entries.js';

/**
 * The first format of the track record's checkpoints (before they were C2SP signed notes), kept so a
 * checkpoint saved then can still be read and held against the log: the server
 * signed, with its Ed25519 key, the record's size, the hash of its last entry, its Merkle root and the
 * time. Anyone who keeps one can later ask for a consistency proof and learn whether the record still
 * extends what it signed. Verification uses @noble/curves, so it runs the same in Node, in any browser
 * and in a verifier page saved to disk (WebCrypto's Ed25519 needs a secure context and a recent browser).
 */

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

export const ZTrackRecordCheckpoint = z.object({
  /** Entries the record held (the last one's seq; 0 before the first). */
  size: z.number().int().min(0),
  /** Hash of entry #size (64 zeros for size 0). */
  head: z.string().regex(HEX64),
  /** Merkle root of entries 1..size (SHA-256 of nothing for size 0). */
  root: z.string().regex(HEX64),
  /** When it was signed (UTC ISO with milliseconds). */
  time: z.string(),
  /** Ed25519 signature of `checkpointMessage`, hex. */
  signature: z.string().regex(HEX128),
});
export type TTrackRecordCheckpoint = z.infer<typeof ZTrackRecordCheckpoint>;

/** The log's signing key, published at a stable address and on the page, to pin out of band. */
export const ZTrackRecordKey = z.object({
  algorithm: z.literal('Ed25519'),
  /** The 32-byte public key, hex. */
  publicKey: z.string().regex(HEX64),
  /** The same key as a C2SP verifier key (`<origin>+<key ID>+<base64>`), as witnesses are given it. */
  verifierKey: z.string(),
  /** The log's origin: the first line of its checkpoints and the key's name. */
  origin: z.string(),
});
export type TTrackRecordKey = z.infer<typeof ZTrackRecordKey>;

/** The first line of every signed checkpoint: names the format so a signature cannot be reused elsewhere. */
export const CHECKPOINT_FORMAT = 'signalroom-track-record-checkpoint/v1';

/** The exact text signed (UTF-8): the format line, then size, head, root and time, each line ending in \n. */
export function checkpointMessage(cp: Pick<TTrackRecordCheckpoint, 'size' | 'head' | 'root' | 'time'>): string {
  return `${CHECKPOINT_FORMAT}\nsize ${cp.size}\nhead ${cp.head}\nroot ${cp.root}\ntime ${cp.time}\n`;
}

/** Whether the checkpoint carries a valid signature by this public key. */
export function verifyCheckpointSignature(cp: TTrackRecordCheckpoint, publicKeyHex: string): boolean {
  if (!HEX64.test(publicKeyHex) || !HEX128.test(cp.signature)) return false;
  return ed25519.verify(
    hexToBytes(cp.signature),
    new TextEncoder().encode(checkpointMessage(cp)),
    hexToBytes(publicKeyHex),
  );
}

/** The empty record's head and root, which every record extends. */
export const EMPTY_CHECKPOINT = { size: 0, head: TRACK_RECORD_GENESIS_HASH, root: EMPTY_TREE_ROOT } as const;

export type CheckpointComparison = { ok: true } | { ok: false; reason: string };

/**
 * Whether `later` extends `earlier`: a record never gets shorter, a checkpoint of the same size has the
 * same root and head, and a longer one is proven by the consistency proof between their sizes.
 */
export function checkpointExtends(
  earlier: Pick<TTrackRecordCheckpoint, 'size' | 'root' | 'head'>,
  later: Pick<TTrackRecordCheckpoint, 'size' | 'root' | 'head'>,
  proof: readonly string[],
): CheckpointComparison {
  if (later.size < earlier.size)
    return {
      ok: false,
      reason: `the record now holds ${later.size} entries, fewer than the ${earlier.size} it signed`,
    };
  if (later.size === earlier.size && (later.root !== earlier.root || later.head !== earlier.head))
    return { ok: false, reason: `entry #${earlier.size} or one before it is not what the record signed` };
  const holds = verifyConsistency(
    earlier.size,
    later.size,
    hexToBytes(earlier.root),
    hexToBytes(later.root),
    proof.map(hexToBytes),
  );
  return holds
    ? { ok: true }
    : { ok: false, reason: `the record of ${later.size} entries does not extend the one of ${earlier.size} it signed` };
}

/** A short, readable name of a checkpoint: `#size root…`. */
export function checkpointLabel(cp: Pick<TTrackRecordCheckpoint, 'size' | 'root'>): string {
  return `#${cp.size} ${cp.root.slice(0, 16)}…`;
}
