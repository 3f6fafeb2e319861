import { z } from 'zod';
import { bytesToHex, createMerkleAccumulator, hexToBytes, type Sha256 } from './track-record-merkle.js';

/**
 * The public track record: a hash chain of every signal as issued and of every outcome, each entry's
 * hash taken over the previous hash and the canonical encoding of its payload. The encoding is defined
 * here once (pure, no Node): the worker appends with it, the server rebuilds published payloads from the
 * signals table with it, and the members' verifier recomputes hashes with it.
 */

/**
 * Versions of the payload encoding, part of every payload so formats can never be confused. Version 1
 * (the first chains) stays verifiable as it was; new entries are version 2, which adds the append time,
 * a random salt (so an entry's hash says nothing about a signal still hidden) and the signal's source.
 */
export const TRACK_RECORD_ENCODING_VERSION = 2;

/** The hash before the first entry: 64 zeros (SHA-256 hex length). */
export const TRACK_RECORD_GENESIS_HASH = '0'.repeat(64);

/** Bytes of randomness in a version 2 salt (written as lowercase hex). */
export const TRACK_RECORD_SALT_BYTES = 16;

const signalFields = {
  kind: z.literal('signal'),
  id: z.string(),
  asset: z.string(),
  direction: z.enum(['CALL', 'PUT']),
  entryPrice: z.number(),
  confidence: z.number(),
  /** Start of the 5-minute slot (ISO). */
  slot: z.string(),
  /** When it was issued (ISO). */
  issuedAt: z.string(),
  /** End of its primary window (ISO): the entry becomes public then. */
  expiresAt: z.string(),
  /** The market feed it ran on ('simulated', or the name of a real feed). */
  feed: z.string(),
};

/** A signal as issued (version 1): what a member could have acted on. */
export const ZTrackRecordSignalPayloadV1 = z.object({ v: z.literal(1), ...signalFields, strategy: z.string() });

/**
 * A signal as issued (version 2): `source` says who issued it (`model:<name>` for the signal engine,
 * `analyst:<user id>` for a signal published on the analyst desk), `appendedAt` when the chain took it,
 * `salt` hides its content behind its hash.
 */
export const ZTrackRecordSignalPayloadV2 = z.object({
  v: z.literal(2),
  ...signalFields,
  source: z.string(),
  appendedAt: z.string(),
  salt: z.string(),
});

const outcomeFields = {
  kind: z.literal('outcome'),
  /** Hash of the chain entry that issued the signal. */
  signalHash: z.string(),
  outcome: z.enum(['profit', 'loss', 'breakeven']).nullable(),
  /** 'void': the signal ended without an outcome (no closing price could be had); it counts in no figure. */
  status: z.enum(['active', 'expired', 'closed', 'hit_tp', 'hit_sl', 'void']).nullable(),
  /** Martingale level the signal ended at (0 = first window); for a loss, the last level played. */
  level: z.number().int().nullable(),
  exitPrice: z.number().nullable(),
  resolvedAt: z.string().nullable(),
};

/**
 * How a signal ended, tied to its issue entry by that entry's hash. Published entries are rebuilt from
 * the signals table; a field the table no longer holds is null (and the entry then fails its hash).
 */
export const ZTrackRecordOutcomePayloadV1 = z.object({ v: z.literal(1), ...outcomeFields });
export const ZTrackRecordOutcomePayloadV2 = z.object({
  v: z.literal(2),
  ...outcomeFields,
  appendedAt: z.string(),
  salt: z.string(),
});

export const ZTrackRecordSignalPayload = z.union([ZTrackRecordSignalPayloadV1, ZTrackRecordSignalPayloadV2]);
export type TTrackRecordSignalPayload = z.infer<typeof ZTrackRecordSignalPayload>;
export const ZTrackRecordOutcomePayload = z.union([ZTrackRecordOutcomePayloadV1, ZTrackRecordOutcomePayloadV2]);
export type TTrackRecordOutcomePayload = z.infer<typeof ZTrackRecordOutcomePayload>;

export const ZTrackRecordPayload = z.union([
  ZTrackRecordSignalPayloadV1,
  ZTrackRecordSignalPayloadV2,
  ZTrackRecordOutcomePayloadV1,
  ZTrackRecordOutcomePayloadV2,
]);
export type TTrackRecordPayload = z.infer<typeof ZTrackRecordPayload>;

/** One published entry: its place (from 1), the hash before it, its payload and the hash stored for it. */
export const ZTrackRecordEntry = z.object({
  seq: z.number().int().positive(),
  prevHash: z.string(),
  hash: z.string(),
  payload: ZTrackRecordPayload,
});
export type TTrackRecordEntry = z.infer<typeof ZTrackRecordEntry>;

/**
 * A number in the one fixed form: ECMAScript's shortest round-trip decimal (fully specified, so every
 * conforming engine writes the same digits), with -0 written as 0. Non-finite numbers have no place in
 * a record and are refused.
 */
export function canonicalNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not a finite number: ${n}`);
  return Object.is(n, -0) ? '0' : String(n);
}

/** A time in the one fixed form: UTC ISO 8601 with milliseconds. */
export function canonicalTime(t: Date | string): string {
  const ms = new Date(t).getTime();
  if (!Number.isFinite(ms)) throw new Error(`Not a time: ${String(t)}`);
  return new Date(ms).toISOString();
}

type Field = [key: string, value: string | number | null];

function encodeValue(value: string | number | null): string {
  if (value === null) return 'null';
  return typeof value === 'number' ? canonicalNumber(value) : JSON.stringify(value);
}

function encodeFields(fields: Field[]): string {
  const parts = fields.map(([key, value]) => `${JSON.stringify(key)}:${encodeValue(value)}`);
  return `{${parts.join(',')}}`;
}

/**
 * The canonical encoding of a payload: JSON with a fixed key order (the order below, not the object's),
 * strings as JSON.stringify writes them, numbers by `canonicalNumber`, times by `canonicalTime`, a
 * missing value as null, no spaces. The same payload always gives the same bytes, whoever encodes it.
 */
export function encodeTrackRecordPayload(p: TTrackRecordPayload): string {
  if (p.kind === 'signal') {
    const fields: Field[] = [
      ['v', p.v],
      ['kind', p.kind],
      ['id', p.id],
      ['asset', p.asset],
      ['direction', p.direction],
      ['entryPrice', p.entryPrice],
      ['confidence', p.confidence],
      ['slot', canonicalTime(p.slot)],
      ['issuedAt', canonicalTime(p.issuedAt)],
      ['expiresAt', canonicalTime(p.expiresAt)],
    ];
    if (p.v === 1) return encodeFields([...fields, ['strategy', p.strategy], ['feed', p.feed]]);
    return encodeFields([
      ...fields,
      ['source', p.source],
      ['feed', p.feed],
      ['appendedAt', canonicalTime(p.appendedAt)],
      ['salt', p.salt],
    ]);
  }
  const fields: Field[] = [
    ['v', p.v],
    ['kind', p.kind],
    ['signalHash', p.signalHash],
    ['outcome', p.outcome],
    ['status', p.status],
    ['level', p.level],
    ['exitPrice', p.exitPrice],
    ['resolvedAt', p.resolvedAt === null ? null : canonicalTime(p.resolvedAt)],
  ];
  if (p.v === 1) return encodeFields(fields);
  return encodeFields([...fields, ['appendedAt', canonicalTime(p.appendedAt)], ['salt', p.salt]]);
}

/** What the chain hashes for an entry: the previous hash, a newline, the canonical payload (UTF-8). */
export function trackRecordHashInput(prevHash: string, payload: TTrackRecordPayload): string {
  return `${prevHash}\n${encodeTrackRecordPayload(payload)}`;
}

/** The first entry (counted from 1) whose hashes do not hold, or null when the whole chain does. */
export type TrackRecordCheck =
  | { ok: true; length: number; head: string; root: string }
  | { ok: false; brokenAt: number; reason: string };

/**
 * Checks a chain, entries in order, with the hash function given (SHA-256 hex; Node's or the browser's).
 * An entry is broken when its place is not the next one, its `prevHash` is not the hash before it, or
 * its stored hash is not the hash of its payload: a changed signal, outcome, order or gap is named at
 * the first entry it touches. A whole check also answers the Merkle root of the entries it read.
 */
export function checkTrackRecord(
  entries: Iterable<TTrackRecordEntry>,
  sha256Hex: (text: string) => string,
  merkleSha256?: Sha256,
): TrackRecordCheck {
  const checker = createTrackRecordChecker(sha256Hex, merkleSha256);
  for (const entry of entries) {
    const failure = checker.add(entry);
    if (failure) return failure;
  }
  return checker.result();
}

/**
 * The same check, one entry at a time (for a stream). `add` answers the failure, or null while it
 * holds; `length` and `root()` say where it stands, so a caller can compare a checkpoint of any size
 * as the stream passes it.
 */
export function createTrackRecordChecker(sha256Hex: (text: string) => string, merkleSha256?: Sha256) {
  let prev = TRACK_RECORD_GENESIS_HASH;
  let length = 0;
  const issued = new Set<string>();
  const tree = createMerkleAccumulator(merkleSha256);
  return {
    add(entry: TTrackRecordEntry): Extract<TrackRecordCheck, { ok: false }> | null {
      const expectedSeq = length + 1;
      if (entry.seq !== expectedSeq)
        return { ok: false, brokenAt: expectedSeq, reason: `entry #${expectedSeq} is missing (found #${entry.seq})` };
      if (entry.prevHash !== prev)
        return { ok: false, brokenAt: entry.seq, reason: 'its previous hash is not the hash of the entry before it' };
      if (sha256Hex(trackRecordHashInput(prev, entry.payload)) !== entry.hash)
        return { ok: false, brokenAt: entry.seq, reason: 'its content does not match its hash' };
      if (entry.payload.kind === 'outcome' && !issued.has(entry.payload.signalHash))
        return { ok: false, brokenAt: entry.seq, reason: 'it resolves a signal the record never issued' };
      if (entry.payload.kind === 'signal') issued.add(entry.hash);
      tree.push(hexToBytes(entry.hash));
      prev = entry.hash;
      length = entry.seq;
      return null;
    },
    get length() {
      return length;
    },
    /** The Merkle root of the entries added so far. */
    root(): string {
      return bytesToHex(tree.root());
    },
    result(): Extract<TrackRecordCheck, { ok: true }> {
      return { ok: true, length, head: prev, root: bytesToHex(tree.root()) };
    },
  };
}
