import {
  bytesToHex,
  createMemoryTree,
  createTrackRecordChecker,
  encodeTrackRecordPayload,
  type MemoryTree,
  type TTrackRecordPayload,
  ZTrackRecordPayload,
} from '@signalroom/shared';
import type { Kysely, Transaction } from 'kysely';
// Every signature this process checks goes through Node's Ed25519 (imported for that effect).
import './ed25519-node.js';
import type { Database } from './schema.js';
import { sha256Hex } from './track-record-hash.js';
import { nodeSha256 } from './track-record-tree.js';

/**
 * What this process has verified of the track record's log, kept in memory and advanced incrementally:
 * every entry rehashed from the payload the log stored (which must be its canonical encoding), chained
 * to the one before, its kind's rules held (an outcome names an issued signal, each key is endorsed by
 * the key before it, a payout is a percentage), and its leaf added to a whole Merkle tree held here. Each
 * catch-up first checks that the last entry verified is still the one stored, so history rewritten under
 * a running process is caught at its next catch-up, and once broken the log stays broken for this
 * process. Appends, the server's figures, tiles and proofs all stand on this state, never on stored
 * tree nodes or on the signals table.
 */
export interface VerifiedEntry {
  seq: number;
  hash: string;
  payload: TTrackRecordPayload;
  /** From when the entry's content is public. */
  publicAt: Date;
  signalId: string | null;
}

export interface RecordBreak {
  brokenAt: number;
  reason: string;
}

/** The log is not what this process verified; nothing is appended to it or published from it. */
export class TrackRecordBrokenError extends Error {
  constructor(
    readonly brokenAt: number,
    readonly reason: string,
  ) {
    super(`track record broken at #${brokenAt}: ${reason}`);
  }
}

export interface RecordVerifier {
  readonly size: number;
  /** The hash of entry #size (64 zeros before the first). */
  readonly head: string;
  readonly tree: MemoryTree;
  /** The key that signs a checkpoint of `size` entries (null before the first key entry). */
  keyAt(size: number): string | null;
  currentKey(): string | null;
  /** The payout the last payout entry states (null before the first). */
  payoutPercent(): number | null;
  /** The entry hash at `seq` (1-based). */
  hashAt(seq: number): string;
  broken(): RecordBreak | null;
  /** Marks the log broken for this process (a check outside the entries failed) and throws. */
  fail(brokenAt: number, reason: string): never;
  /** Verifies what was appended since; throws TrackRecordBrokenError while the log is broken. */
  catchUp(db: Kysely<Database> | Transaction<Database>): Promise<void>;
  /** Hears every entry as it is verified; only before the first catch-up (nothing is replayed). */
  onEntry(listener: (entry: VerifiedEntry) => void): void;
}

const PAGE = 5000;

export function createRecordVerifier(): RecordVerifier {
  const tree = createMemoryTree(nodeSha256);
  const checker = createTrackRecordChecker(sha256Hex, nodeSha256, tree);
  const listeners: ((entry: VerifiedEntry) => void)[] = [];
  let head = '0'.repeat(64);
  let payout: number | null = null;
  let broken: RecordBreak | null = null;
  let started = false;
  let running: Promise<void> = Promise.resolve();

  const breakAt = (brokenAt: number, reason: string): never => {
    broken ??= { brokenAt, reason };
    throw new TrackRecordBrokenError(broken.brokenAt, broken.reason);
  };

  async function advance(db: Kysely<Database> | Transaction<Database>): Promise<void> {
    if (broken) throw new TrackRecordBrokenError(broken.brokenAt, broken.reason);
    started = true;
    if (checker.length > 0) {
      const last = await db
        .selectFrom('track_record_chain')
        .select('hash')
        .where('seq', '=', checker.length)
        .executeTakeFirst();
      if (last?.hash !== head) {
        breakAt(checker.length, `entry #${checker.length} is not the one verified before: history was rewritten`);
      }
    }
    for (;;) {
      const rows = await db
        .selectFrom('track_record_chain')
        .select(['seq', 'kind', 'signal_id', 'prev_hash', 'hash', 'payload', 'public_at'])
        .where('seq', '>', checker.length)
        .orderBy('seq')
        .limit(PAGE)
        .execute();
      for (const row of rows) {
        const payload = readPayload(row.payload);
        if (!payload) breakAt(row.seq, 'its stored payload is not a readable entry');
        const valid = payload as TTrackRecordPayload;
        if (encodeTrackRecordPayload(valid) !== row.payload) breakAt(row.seq, 'its stored payload is not canonical');
        if (valid.kind !== row.kind) breakAt(row.seq, `it says ${valid.kind} where the log says ${row.kind}`);
        const failure = checker.add({ seq: row.seq, prevHash: row.prev_hash, hash: row.hash, payload: valid });
        if (failure) breakAt(failure.brokenAt, failure.reason);
        head = row.hash;
        if (valid.kind === 'payout') payout = valid.payoutPercent;
        const entry = {
          seq: row.seq,
          hash: row.hash,
          payload: valid,
          publicAt: new Date(row.public_at),
          signalId: row.signal_id,
        };
        for (const listener of listeners) listener(entry);
      }
      if (rows.length < PAGE) return;
    }
  }

  return {
    get size() {
      return checker.length;
    },
    get head() {
      return head;
    },
    tree,
    keyAt: (size) => checker.keyAt(size),
    currentKey: () => checker.keys().at(-1)?.key ?? null,
    payoutPercent: () => payout,
    hashAt: (seq) => bytesToHex(tree.leafData(seq - 1)),
    broken: () => broken,
    fail: breakAt,
    catchUp(db) {
      // One catch-up at a time: a request and an append in the same process never interleave their reads.
      const next = running.catch(() => undefined).then(() => advance(db));
      running = next;
      return next;
    },
    onEntry(listener) {
      if (started) throw new Error('listen to the record verifier before its first catch-up');
      listeners.push(listener);
    },
  };
}

function readPayload(text: string): TTrackRecordPayload | null {
  try {
    const parsed = ZTrackRecordPayload.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not JSON: the caller reports the entry as unreadable.
    return null;
  }
}

const verifiers = new WeakMap<Kysely<Database>, RecordVerifier>();

/** The verifier this process's appends to the database's log stand on (created on first use). */
export function recordVerifierOf(db: Kysely<Database>): RecordVerifier {
  let verifier = verifiers.get(db);
  if (!verifier) {
    verifier = createRecordVerifier();
    verifiers.set(db, verifier);
  }
  return verifier;
}

/** The root of the verified tree, hex. */
export const verifiedRoot = (verifier: RecordVerifier, size = verifier.size) =>
  bytesToHex(size === verifier.size ? verifier.tree.root() : verifier.tree.rootAt(size));
