import { z } from 'zod';

/**
 * The public track record: a hash chain of every signal as issued and of every outcome, each entry's
 * hash taken over the previous hash and the canonical encoding of its payload. The encoding is defined
 * here once (pure, no Node): the worker appends with it, the server rebuilds published payloads from the
 * signals table with it, and the members' verifier recomputes hashes with it.
 */

/** Version of the encoding, part of every payload so a later change of format can never be confused. */
export const TRACK_RECORD_ENCODING_VERSION = 1;

/** The hash before the first entry: 64 zeros (SHA-256 hex length). */
export const TRACK_RECORD_GENESIS_HASH = '0'.repeat(64);

/** A signal as issued: what a member could have acted on. */
export const ZTrackRecordSignalPayload = z.object({
  v: z.number().int(),
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
  strategy: z.string(),
  feed: z.string(),
});
export type TTrackRecordSignalPayload = z.infer<typeof ZTrackRecordSignalPayload>;

/**
 * How a signal ended, tied to its issue entry by that entry's hash. Published entries are rebuilt from
 * the signals table; a field the table no longer holds is null (and the entry then fails its hash).
 */
export const ZTrackRecordOutcomePayload = z.object({
  v: z.number().int(),
  kind: z.literal('outcome'),
  /** Hash of the chain entry that issued the signal. */
  signalHash: z.string(),
  outcome: z.enum(['profit', 'loss', 'breakeven']).nullable(),
  status: z.enum(['active', 'expired', 'closed', 'hit_tp', 'hit_sl']).nullable(),
  /** Martingale level the signal ended at (0 = first window); for a loss, the last level played. */
  level: z.number().int().nullable(),
  exitPrice: z.number().nullable(),
  resolvedAt: z.string().nullable(),
});
export type TTrackRecordOutcomePayload = z.infer<typeof ZTrackRecordOutcomePayload>;

export const ZTrackRecordPayload = z.discriminatedUnion('kind', [
  ZTrackRecordSignalPayload,
  ZTrackRecordOutcomePayload,
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
    return encodeFields([
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
      ['strategy', p.strategy],
      ['feed', p.feed],
    ]);
  }
  return encodeFields([
    ['v', p.v],
    ['kind', p.kind],
    ['signalHash', p.signalHash],
    ['outcome', p.outcome],
    ['status', p.status],
    ['level', p.level],
    ['exitPrice', p.exitPrice],
    ['resolvedAt', p.resolvedAt === null ? null : canonicalTime(p.resolvedAt)],
  ]);
}

/** What the chain hashes for an entry: the previous hash, a newline, the canonical payload (UTF-8). */
export function trackRecordHashInput(prevHash: string, payload: TTrackRecordPayload): string {
  return `${prevHash}\n${encodeTrackRecordPayload(payload)}`;
}

/** The first entry (counted from 1) whose hashes do not hold, or null when the whole chain does. */
export type TrackRecordCheck =
  | { ok: true; length: number; head: string }
  | { ok: false; brokenAt: number; reason: string };

/**
 * Checks a chain, entries in order, with the hash function given (SHA-256 hex; Node's or the browser's).
 * An entry is broken when its place is not the next one, its `prevHash` is not the hash before it, or
 * its stored hash is not the hash of its payload: a changed signal, outcome, order or gap is named at
 * the first entry it touches.
 */
export function checkTrackRecord(
  entries: Iterable<TTrackRecordEntry>,
  sha256Hex: (text: string) => string,
): TrackRecordCheck {
  const checker = createTrackRecordChecker(sha256Hex);
  for (const entry of entries) {
    const failure = checker.add(entry);
    if (failure) return failure;
  }
  return checker.result();
}

/** The same check, one entry at a time (for a stream). `add` answers the failure, or null while it holds. */
export function createTrackRecordChecker(sha256Hex: (text: string) => string) {
  let prev = TRACK_RECORD_GENESIS_HASH;
  let length = 0;
  const issued = new Set<string>();
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
      prev = entry.hash;
      length = entry.seq;
      return null;
    },
    result(): TrackRecordCheck {
      return { ok: true, length, head: prev };
    },
  };
}
