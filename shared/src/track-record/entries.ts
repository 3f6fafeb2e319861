import { z } from 'zod';
import { ZInstant } from '../iso-date.js';
import { decodeBase64, NOTE_KEY_TYPE_ED25519, parseVerifierKey, verifyEd25519 } from '../tlog/index.js';
import { bytesToHex, createMerkleAccumulator, hexToBytes, type Sha256 } from '../tlog/merkle.js';

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
  slot: ZInstant,
  /** When it was issued (ISO). */
  issuedAt: ZInstant,
  /** End of its primary window (ISO): the entry becomes public then. */
  expiresAt: ZInstant,
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
  appendedAt: ZInstant,
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
  resolvedAt: ZInstant.nullable(),
};

/**
 * How a signal ended, tied to its issue entry by that entry's hash. Published entries are rebuilt from
 * the signals table; a field the table no longer holds is null (and the entry then fails its hash).
 */
export const ZTrackRecordOutcomePayloadV1 = z.object({ v: z.literal(1), ...outcomeFields });
export const ZTrackRecordOutcomePayloadV2 = z.object({
  v: z.literal(2),
  ...outcomeFields,
  appendedAt: ZInstant,
  salt: z.string(),
});

/**
 * The log's signing key (a C2SP verifier key, `<origin>+<key ID>+<base64>`), announced in the log itself:
 * the first one with `previous` and `endorsement` null, each later one naming the key it replaces and
 * carrying that key's signature of `keyEndorsementMessage(key)` (base64), so a key can change only in
 * public, in order, with the consent of the key before it. Checkpoints from this entry on are signed by it.
 */
export const ZTrackRecordKeyPayload = z.object({
  v: z.literal(2),
  kind: z.literal('key'),
  key: z.string(),
  previous: z.string().nullable(),
  endorsement: z.string().nullable(),
  appendedAt: ZInstant,
});
export type TTrackRecordKeyPayload = z.infer<typeof ZTrackRecordKeyPayload>;

/**
 * The broker payout (percent of the stake a won window pays) that figures use for the signals issued
 * after this entry, until the next one; signals before the first payout entry take the first one's.
 */
export const ZTrackRecordPayoutPayload = z.object({
  v: z.literal(2),
  kind: z.literal('payout'),
  payoutPercent: z.number(),
  appendedAt: ZInstant,
});
export type TTrackRecordPayoutPayload = z.infer<typeof ZTrackRecordPayoutPayload>;

/**
 * A slot's end (the slot ledger): a scheduled slot that yielded no signal of the model's, with its state
 * (`market-closed`, `feed-failed`, `missed`, or `issued` when an analyst's signal stood in) and the public
 * reason. A slot is stated once in the log, by this entry or by the model's signal for it.
 */
export const ZTrackRecordSlotPayload = z.object({
  v: z.literal(2),
  kind: z.literal('slot'),
  /** The slot's boundary (ISO). */
  slot: ZInstant,
  state: z.enum(['issued', 'market-closed', 'feed-failed', 'missed']),
  reason: z.string(),
  appendedAt: ZInstant,
});
export type TTrackRecordSlotPayload = z.infer<typeof ZTrackRecordSlotPayload>;

/** What a key entry's endorsement signs (UTF-8): a fixed first line, then the new verifier key. */
export function keyEndorsementMessage(newVerifierKey: string): string {
  return `signalroom-record-key/v1\n${newVerifierKey}\n`;
}

export const ZTrackRecordSignalPayload = z.union([ZTrackRecordSignalPayloadV1, ZTrackRecordSignalPayloadV2]);
export type TTrackRecordSignalPayload = z.infer<typeof ZTrackRecordSignalPayload>;
export const ZTrackRecordOutcomePayload = z.union([ZTrackRecordOutcomePayloadV1, ZTrackRecordOutcomePayloadV2]);
export type TTrackRecordOutcomePayload = z.infer<typeof ZTrackRecordOutcomePayload>;

export const ZTrackRecordPayload = z.union([
  ZTrackRecordSignalPayloadV1,
  ZTrackRecordSignalPayloadV2,
  ZTrackRecordOutcomePayloadV1,
  ZTrackRecordOutcomePayloadV2,
  ZTrackRecordKeyPayload,
  ZTrackRecordPayoutPayload,
  ZTrackRecordSlotPayload,
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
  if (p.kind === 'key') {
    return encodeFields([
      ['v', p.v],
      ['kind', p.kind],
      ['key', p.key],
      ['previous', p.previous],
      ['endorsement', p.endorsement],
      ['appendedAt', canonicalTime(p.appendedAt)],
    ]);
  }
  if (p.kind === 'payout') {
    return encodeFields([
      ['v', p.v],
      ['kind', p.kind],
      ['payoutPercent', p.payoutPercent],
      ['appendedAt', canonicalTime(p.appendedAt)],
    ]);
  }
  if (p.kind === 'slot') {
    return encodeFields([
      ['v', p.v],
      ['kind', p.kind],
      ['slot', canonicalTime(p.slot)],
      ['state', p.state],
      ['reason', p.reason],
      ['appendedAt', canonicalTime(p.appendedAt)],
    ]);
  }
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

/**
 * The slot an entry states (its boundary in canonical form), or null: a slot entry, and a version 2
 * signal of the model (`model:` source). Desk signals and version 1 entries state no slot.
 */
export function statedSlot(p: TTrackRecordPayload): string | null {
  if (p.kind === 'slot') return canonicalTime(p.slot);
  if (p.kind === 'signal' && p.v === 2 && p.source.startsWith('model:')) return canonicalTime(p.slot);
  return null;
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
 * Why a key entry cannot follow the key in force (null when it can): the first names no previous key and
 * carries no endorsement; every later one names the key in force as `previous`, keeps its key name (the
 * log's origin) and carries that key's Ed25519 signature of `keyEndorsementMessage(key)`.
 */
export function keyChangeFailure(p: TTrackRecordKeyPayload, current: string | null): string | null {
  let next: ReturnType<typeof parseVerifierKey>;
  try {
    next = parseVerifierKey(p.key);
  } catch {
    // Unparseable: the entry names no usable key, which is the finding.
    return 'its key is not a verifier key';
  }
  if (next.type !== NOTE_KEY_TYPE_ED25519) return 'its key is not an Ed25519 note key';
  if (current === null) {
    return p.previous === null && p.endorsement === null ? null : 'the first key names a previous key';
  }
  if (p.previous !== current) return 'it does not replace the key in force';
  const previous = parseVerifierKey(current);
  if (next.name !== previous.name) return 'the new key has another name than the log';
  if (p.endorsement === null) return 'the key in force did not endorse it';
  const signature = decodeBase64(p.endorsement);
  if (!signature) return 'the key in force did not endorse it';
  const message = new TextEncoder().encode(keyEndorsementMessage(p.key));
  return verifyEd25519(signature, message, previous.publicKey) ? null : 'the key in force did not endorse it';
}

/** A payout as the log may state it: percent of the stake a won window pays, above 0 and at most 100. */
export function isLoggablePayout(payoutPercent: number): boolean {
  return Number.isFinite(payoutPercent) && payoutPercent > 0 && payoutPercent <= 100;
}

/**
 * The same check, one entry at a time (for a stream). `add` answers the failure, or null while it
 * holds; `length` and `root()` say where it stands, so a caller can compare a checkpoint of any size
 * as the stream passes it. It also follows the log's keys: `keyAt(size)` is the key that signs a
 * checkpoint of that size.
 */
export function createTrackRecordChecker(
  sha256Hex: (text: string) => string,
  merkleSha256?: Sha256,
  /** Where the leaves go (a whole tree kept in memory); by default an accumulator of the root only. */
  tree: { push(leafData: Uint8Array): unknown; root(): Uint8Array } = createMerkleAccumulator(merkleSha256),
) {
  let prev = TRACK_RECORD_GENESIS_HASH;
  let length = 0;
  const issued = new Set<string>();
  const slots = new Set<string>();
  const keys: { seq: number; key: string }[] = [];
  const fail = (brokenAt: number, reason: string) => ({ ok: false as const, brokenAt, reason });
  return {
    /**
     * Checks the next entry. `contentHash`, when given, is the hash of
     * `trackRecordHashInput(entry.prevHash, entry.payload)` worked out by the caller (a platform whose
     * fast SHA-256 only answers asynchronously hashes a batch ahead); it counts only once the entry's
     * previous hash is the one before it, so it proves the same as hashing here.
     */
    add(entry: TTrackRecordEntry, contentHash?: string): Extract<TrackRecordCheck, { ok: false }> | null {
      const expectedSeq = length + 1;
      if (entry.seq !== expectedSeq) return fail(expectedSeq, `entry #${expectedSeq} is missing (found #${entry.seq})`);
      if (entry.prevHash !== prev) return fail(entry.seq, 'its previous hash is not the hash of the entry before it');
      const p = entry.payload;
      let slot: string | null;
      try {
        if ((contentHash ?? sha256Hex(trackRecordHashInput(prev, p))) !== entry.hash)
          return fail(entry.seq, 'its content does not match its hash');
        slot = statedSlot(p);
      } catch {
        // canonicalTime and canonicalNumber refuse what has no canonical form: the entry is the finding.
        return fail(entry.seq, 'its content has a time or number out of form');
      }
      if (slot !== null) {
        if (slots.has(slot)) return fail(entry.seq, 'it states a slot the record already stated');
        slots.add(slot);
      }
      if (p.kind === 'outcome' && !issued.has(p.signalHash))
        return fail(entry.seq, 'it resolves a signal the record never issued');
      if (p.kind === 'key') {
        const failure = keyChangeFailure(p, keys.at(-1)?.key ?? null);
        if (failure) return fail(entry.seq, failure);
        keys.push({ seq: entry.seq, key: p.key });
      }
      if (p.kind === 'payout' && !isLoggablePayout(p.payoutPercent))
        return fail(entry.seq, 'its payout is not a percentage above 0 and at most 100');
      if (p.kind === 'signal') issued.add(entry.hash);
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
    /** The key that signs a checkpoint of `size` entries: the last key entry within them (null before any). */
    keyAt(size: number): string | null {
      let key: string | null = null;
      for (const k of keys) {
        if (k.seq > size) break;
        key = k.key;
      }
      return key;
    },
    /** Every key entry so far, in order. */
    keys(): readonly { seq: number; key: string }[] {
      return keys;
    },
    result(): Extract<TrackRecordCheck, { ok: true }> {
      return { ok: true, length, head: prev, root: bytesToHex(tree.root()) };
    },
  };
}
