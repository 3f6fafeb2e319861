import { randomBytes } from 'node:crypto';
import {
  createMerkleAccumulator,
  encodeTrackRecordPayload,
  hexToBytes,
  keyEndorsementMessage,
  slotStateOfGap,
  TRACK_RECORD_ENCODING_VERSION,
  TRACK_RECORD_SALT_BYTES,
  type TTrackRecordOutcomePayload,
  type TTrackRecordPayload,
  type TTrackRecordSignalPayload,
  toIso,
  toIsoOrNull,
  trackRecordHashInput,
} from '@signalroom/shared';
import { encodeBase64, type NoteSigner } from '@signalroom/shared/tlog';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { RecordKeyError } from './record-key.js';
import { recordLogOf } from './record-log.js';
import { checkLatestNote, signCheckpointNote } from './record-notes.js';
import { recordVerifierOf } from './record-verifier.js';
import type { Database } from './schema.js';
import type { SignalRow, SignalSlotGapsTable } from './signal-tables.js';
import { sha256Hex } from './track-record-hash.js';
import type { TrackRecordChainTable, TrackRecordEntryKind } from './track-record-tables.js';
import { nodeSha256 } from './track-record-tree.js';

/**
 * Appends to the track record's log: entries chained and hashed, and a checkpoint (a C2SP signed note
 * over the log's Merkle root) signed in the same transaction as the signal's own write. Every append
 * holds one advisory lock, so appends from any number of processes take turns and `seq` stays gapless.
 * Before adding anything the process verifies what others appended since its last look and that the
 * latest checkpoint still describes the log it verified (see record-verifier.ts): history rewritten
 * underneath is never built upon. The log's own entries go in as needed: its signing key the first time
 * (the key in the key file, announced), and the payout figures use the first time.
 */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type SlotGapRow = Selectable<SignalSlotGapsTable>;

/** Key of the advisory lock every append holds ("trac"). */
const CHAIN_LOCK_KEY = 0x74726163;

/** What an entry carries besides the signal: its payload version and, from version 2, salt and append time. */
export interface EntryMeta {
  version: number;
  salt: string | null;
  appendedAt: Date | string;
}

/** The version and salt of a new entry appended at `at`. */
function newEntryMeta(at: Date): EntryMeta {
  return {
    version: TRACK_RECORD_ENCODING_VERSION,
    salt: randomBytes(TRACK_RECORD_SALT_BYTES).toString('hex'),
    appendedAt: at,
  };
}

/** Who issued a signal: `analyst:<user id>` for the desk, `model:<strategy>` for the engine. */
export function signalSourceOf(row: Pick<SignalRow, 'strategy' | 'author_id'>): string {
  return row.author_id ? `analyst:${row.author_id}` : `model:${row.strategy}`;
}

/** The signal as issued, from its stored row, in the entry's payload version. */
export function signalPayloadOf(row: SignalRow, meta: EntryMeta): TTrackRecordSignalPayload {
  const common = {
    kind: 'signal' as const,
    id: row.id,
    asset: row.asset,
    direction: row.direction,
    entryPrice: row.entry_price,
    confidence: row.confidence,
    slot: toIso(row.slot_start),
    issuedAt: toIso(row.issued_at),
    expiresAt: toIso(row.expires_at),
    feed: row.source,
  };
  if (meta.version === 1) return { v: 1, ...common, strategy: row.strategy };
  return {
    v: 2,
    ...common,
    source: signalSourceOf(row),
    appendedAt: toIso(meta.appendedAt),
    salt: meta.salt ?? '',
  };
}

/** The level a resolved signal ended at: where it won or broke even, or the last level played. */
export function endLevelOf(row: Pick<SignalRow, 'resolved_level' | 'active_level'>): number {
  return row.resolved_level ?? row.active_level;
}

/** The signal's outcome, from its stored row (null fields where the row holds none). */
export function outcomePayloadOf(
  row: Pick<SignalRow, 'outcome' | 'status' | 'resolved_level' | 'active_level' | 'exit_price' | 'resolved_at'>,
  signalHash: string,
  meta: EntryMeta,
): TTrackRecordOutcomePayload {
  const common = {
    kind: 'outcome' as const,
    signalHash,
    outcome: row.outcome,
    // A void signal's entry closes it with status 'void' and null outcome, level and exit price.
    status: row.status,
    level: row.outcome === null ? null : endLevelOf(row),
    exitPrice: row.exit_price,
    resolvedAt: toIsoOrNull(row.resolved_at),
  };
  if (meta.version === 1) return { v: 1, ...common };
  return { v: 2, ...common, appendedAt: toIso(meta.appendedAt), salt: meta.salt ?? '' };
}

/** Whether the signal has ended and so is owed its outcome entry: resolved with an outcome, or void. */
export function hasEnded(row: Pick<SignalRow, 'outcome' | 'status'>): boolean {
  return row.outcome !== null || row.status === 'void';
}

/** The same test in SQL, over the signals table. */
const endedSignal = sql<boolean>`(signals.outcome is not null or signals.status = 'void')`;

async function lockChain(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(CHAIN_LOCK_KEY)})`.execute(trx);
}

/** A slot's end as `recordDecidedSlots` enters it: the gap row's slot, reason and public sentence. */
export type DecidedSlot = Pick<SlotGapRow, 'slot_start' | 'reason' | 'public_reason'>;

/**
 * Records slots' ends under the lock every signal insert holds (so a signal being issued for one of
 * them at the same moment is seen, and sees these): `insert` writes the gap rows and answers those it
 * wrote (a slot another process decided first is left out), then each gets a slot entry in the log, in
 * slot order, with one checkpoint over them, and its row the entry's place. Answers the rows written.
 */
export async function recordDecidedSlots<R extends DecidedSlot>(
  db: Db,
  insert: (trx: Trx) => Promise<R[]>,
  at: Date = new Date(),
): Promise<R[]> {
  const result = await db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const rows = await insert(trx);
    if (rows.length === 0) return { rows, checkpoint: null };
    const append = await openAppend(db, trx, at);
    const ordered = [...rows].sort((a, b) => new Date(a.slot_start).getTime() - new Date(b.slot_start).getTime());
    let first: number | null = null;
    for (const row of ordered) {
      const entry = append.addLogEntry({
        v: 2,
        kind: 'slot',
        slot: toIso(row.slot_start),
        state: slotStateOfGap(row.reason),
        reason: row.public_reason,
        appendedAt: toIso(at),
      });
      first ??= entry.seq;
    }
    const checkpoint = await append.commit();
    // Each row points at its entry, found by the slot the entry states (one update for any number).
    await sql`
      update signal_slot_gaps g set record_seq = c.seq
      from track_record_chain c
      where c.seq >= ${first} and c.kind = 'slot' and g.record_seq is null
        and g.slot_start = (c.payload::json->>'slot')::timestamptz
    `.execute(trx);
    return { rows, checkpoint };
  });
  announce(db, result.checkpoint);
  return result.rows;
}

async function entryHash(trx: Trx, signalId: string, kind: 'signal' | 'outcome'): Promise<string | null> {
  const row = await trx
    .selectFrom('track_record_chain')
    .select('hash')
    .where('signal_id', '=', signalId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.hash ?? null;
}

type ChainInsert = Insertable<TrackRecordChainTable> & { seq: number; hash: string };

/** The checkpoint an append signed: its row, its size and the note as served. */
export interface SignedCheckpoint {
  id: number;
  size: number;
  note: string;
}

/**
 * One append transaction's work on the log: the log verified up to now, entries chained in memory from
 * its head, then written with one checkpoint note over the new size. Hold the lock.
 */
async function openAppend(db: Db, trx: Trx, at: Date) {
  const log = recordLogOf(db);
  const verifier = recordVerifierOf(db);
  await verifier.catchUp(trx);
  await checkLatestNote(trx, verifier);
  const signer = await log.keyring.current();
  const tree = createMerkleAccumulator(nodeSha256, verifier.tree.frontier());
  let previous = { seq: verifier.size, hash: verifier.head };
  const entries: ChainInsert[] = [];
  /** Keys that sign the checkpoint besides the current one (the old key, on the checkpoint of its successor). */
  const signers: NoteSigner[] = [signer];

  const push = (
    kind: TrackRecordEntryKind,
    signalId: string | null,
    publicAt: Date | string,
    payload: TTrackRecordPayload,
    meta: EntryMeta,
  ) => {
    const entry: ChainInsert = {
      seq: previous.seq + 1,
      kind,
      signal_id: signalId,
      prev_hash: previous.hash,
      hash: sha256Hex(trackRecordHashInput(previous.hash, payload)),
      payload: encodeTrackRecordPayload(payload),
      public_at: publicAt,
      appended_at: meta.appendedAt,
      version: meta.version,
      salt: meta.salt,
    };
    entries.push(entry);
    tree.push(hexToBytes(entry.hash));
    previous = entry;
    return { seq: entry.seq, hash: entry.hash };
  };
  // The log's own entries hide nothing: public from the start.
  const pushLogEntry = (payload: TTrackRecordPayload) =>
    push(payload.kind, null, new Date(0), payload, { version: 2, salt: null, appendedAt: at });

  const logKey = verifier.currentKey();
  if (logKey === null) {
    pushLogEntry({
      v: 2,
      kind: 'key',
      key: signer.verifierKey,
      previous: null,
      endorsement: null,
      appendedAt: toIso(at),
    });
  } else if (logKey !== signer.verifierKey) {
    throw new RecordKeyError(
      `The signing key file holds ${signer.verifierKey}, but the log's key is ${logKey}. A key changes only in ` +
        'public, endorsed by the key before it: npm run admin -- record-key-rotate. Nothing was appended.',
    );
  }
  if (verifier.payoutPercent() === null) {
    pushLogEntry({ v: 2, kind: 'payout', payoutPercent: log.payoutPercent, appendedAt: toIso(at) });
  }

  return {
    /** Chains the next entry about a signal; answers its place and hash. */
    add(row: SignalRow, payloadOf: (meta: EntryMeta) => TTrackRecordPayload): { seq: number; hash: string } {
      const meta = newEntryMeta(at);
      const payload = payloadOf(meta);
      // A signal's entries are hidden until its primary window closes (an outcome is appended later
      // anyway); the prefix rule keeps back whatever follows an entry still hidden.
      return push(payload.kind, row.id, row.expires_at, payload, meta);
    },
    /** Chains one of the log's own entries (a payout, a key, a slot's end). */
    addLogEntry: pushLogEntry,
    /** Adds a key that signs this append's checkpoint too. */
    alsoSignWith(extra: NoteSigner) {
      signers.push(extra);
    },
    /** Writes what was chained and the checkpoint over it; answers the checkpoint. */
    async commit(): Promise<SignedCheckpoint> {
      for (let i = 0; i < entries.length; i += BATCH) {
        await trx
          .insertInto('track_record_chain')
          .values(entries.slice(i, i + BATCH))
          .execute();
      }
      const size = previous.seq;
      return signCheckpointNote(trx, { origin: log.keyring.origin, size, root: tree.root(), signers, at });
    },
  };
}

/** Rows of missing entries go in by this many per INSERT. */
const BATCH = 500;

/** Tells the log's listeners (the witnesses' round) of a committed checkpoint. */
function announce(db: Db, checkpoint: SignedCheckpoint | null): void {
  if (checkpoint) recordLogOf(db).announce(checkpoint);
}

/**
 * Runs a signal insert with its chain entry, in one transaction under the chain lock; `insert` answers
 * the new row, or null when the slot already had its signal (then nothing is appended). The row comes
 * back with its entry's place and hash and the checkpoint note covering it, signed before the
 * transaction commits, so it is public before any member is sent the signal.
 */
export async function recordIssuedSignal(
  db: Db,
  insert: (trx: Trx) => Promise<SignalRow | null>,
  at: Date = new Date(),
): Promise<SignalRow | null> {
  const result = await db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const row = await insert(trx);
    if (!row) return null;
    const append = await openAppend(db, trx, at);
    const entry = append.add(row, (meta) => signalPayloadOf(row, meta));
    const checkpoint = await append.commit();
    const updated = await trx
      .updateTable('signals')
      .set({ record_seq: entry.seq, record_hash: entry.hash, record_checkpoint: checkpoint.note })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { updated, checkpoint };
  });
  announce(db, result?.checkpoint ?? null);
  return result?.updated ?? null;
}

/**
 * Runs a signal's final write with its outcome entry, in one transaction under the chain lock; `finish`
 * answers the resolved row, or null when another engine resolved it first (then nothing is appended).
 */
export async function recordSignalOutcome(
  db: Db,
  finish: (trx: Trx) => Promise<SignalRow | null>,
  at: Date = new Date(),
): Promise<SignalRow | null> {
  const result = await db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const row = await finish(trx);
    if (!row || !hasEnded(row)) return { row, checkpoint: null };
    const signalHash = await entryHash(trx, row.id, 'signal');
    if (!signalHash) throw new Error(`track record: signal ${row.id} resolved without its issue entry`);
    if (await entryHash(trx, row.id, 'outcome')) return { row, checkpoint: null };
    const append = await openAppend(db, trx, at);
    append.add(row, (meta) => outcomePayloadOf(row, signalHash, meta));
    return { row, checkpoint: await append.commit() };
  });
  announce(db, result.checkpoint);
  return result.row;
}

/** Appends a payout entry: figures use it for the signals issued from now on. No-op when it is in force. */
export async function recordPayoutChange(db: Db, payoutPercent: number, at: Date = new Date()): Promise<boolean> {
  const checkpoint = await db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const append = await openAppend(db, trx, at);
    if (recordVerifierOf(db).payoutPercent() === payoutPercent) return null;
    append.addLogEntry({ v: 2, kind: 'payout', payoutPercent, appendedAt: toIso(at) });
    return append.commit();
  });
  announce(db, checkpoint);
  return checkpoint !== null;
}

/**
 * Signs a checkpoint of the current log unless one was signed less than `maxAgeMs` before `at`: the log
 * says it is alive at least once a slot even when nothing was appended, and the witnesses cosign it
 * again with a fresh time. Answers whether it signed.
 */
export async function signFreshCheckpoint(db: Db, at: Date, maxAgeMs: number): Promise<boolean> {
  const checkpoint = await db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const last = await trx
      .selectFrom('track_record_notes')
      .select('signed_at')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && at.getTime() - new Date(last.signed_at).getTime() < maxAgeMs) return null;
    return (await openAppend(db, trx, at)).commit();
  });
  announce(db, checkpoint);
  return checkpoint !== null;
}

/**
 * Changes the log's signing key in public: a key entry naming the new key, endorsed by the current one,
 * and a checkpoint over it signed by both. `replaceFile` runs inside the transaction once the entry is
 * written (the new key goes to disk before the log's change commits); `within` writes the audit row.
 */
export async function rotateRecordKey(
  db: Db,
  next: NoteSigner,
  at: Date,
  steps: { replaceFile: () => Promise<void>; within?: (trx: Trx, seq: number) => Promise<void> },
): Promise<{ seq: number; checkpoint: SignedCheckpoint }> {
  const result = await db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const append = await openAppend(db, trx, at);
    const current = await recordLogOf(db).keyring.current();
    if (next.name !== current.name) throw new RecordKeyError(`the new key must be named ${current.name}`);
    const endorsement = current.sign(keyEndorsementMessage(next.verifierKey)).signature;
    const entry = append.addLogEntry({
      v: 2,
      kind: 'key',
      key: next.verifierKey,
      previous: current.verifierKey,
      endorsement: encodeBase64(endorsement),
      appendedAt: toIso(at),
    });
    append.alsoSignWith(next);
    await steps.within?.(trx, entry.seq);
    await steps.replaceFile();
    return { seq: entry.seq, checkpoint: await append.commit() };
  });
  announce(db, result.checkpoint);
  return result;
}

/** A signal without a chain entry of this kind. */
function lacksChainEntry(kind: 'signal' | 'outcome') {
  return sql<boolean>`not exists (select 1 from track_record_chain c where c.signal_id = signals.id and c.kind = ${kind})`;
}

/** Signals the record lacks an entry for: never issued into it, or resolved without their outcome. */
export async function countUnrecordedSignals(db: Db | Trx): Promise<{ unissued: number; unresolved: number }> {
  const [unissued, unresolved] = await Promise.all([
    db
      .selectFrom('signals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(lacksChainEntry('signal'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('signals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(endedSignal)
      .where(lacksChainEntry('outcome'))
      .executeTakeFirstOrThrow(),
  ]);
  return { unissued: Number(unissued.n), unresolved: Number(unresolved.n) };
}

export interface AppendedRepair {
  appended: number;
  /** The first and last entries appended (null when nothing was). */
  firstSeq: number | null;
  lastSeq: number | null;
}

/**
 * Appends what the chain lacks, as an explicit repair (never at start-up by itself): signals written
 * around the chain, in slot order, each followed by its outcome when resolved; then outcomes still
 * missing, in the order they resolved. The entries are version 2 with `appendedAt` = `at`, so the record
 * itself says they came late (and figures leave them out: they were not witnessed in time). `within`
 * runs in the same transaction (the caller's audit row).
 */
export async function appendUnrecordedSignals(
  db: Db,
  at: Date,
  within?: (trx: Trx, repair: AppendedRepair) => Promise<void>,
): Promise<AppendedRepair> {
  const result = await db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const unissued = await trx
      .selectFrom('signals')
      .selectAll()
      .where(lacksChainEntry('signal'))
      .orderBy('slot_start')
      .execute();
    const unresolved = await trx
      .selectFrom('signals')
      .innerJoin('track_record_chain as issue', (join) =>
        join.onRef('issue.signal_id', '=', 'signals.id').on('issue.kind', '=', 'signal'),
      )
      .selectAll('signals')
      .select('issue.hash as issue_hash')
      .where(endedSignal)
      .where(lacksChainEntry('outcome'))
      .orderBy('signals.resolved_at')
      .orderBy('signals.slot_start')
      .execute();
    if (unissued.length + unresolved.length === 0) {
      return { repair: { appended: 0, firstSeq: null, lastSeq: null }, checkpoint: null };
    }

    const append = await openAppend(db, trx, at);
    let first: number | null = null;
    let last: number | null = null;
    let appended = 0;
    const add = (row: SignalRow, payloadOf: (meta: EntryMeta) => TTrackRecordPayload) => {
      const entry = append.add(row, payloadOf);
      first ??= entry.seq;
      last = entry.seq;
      appended += 1;
      return entry;
    };
    for (const row of unissued) {
      const issued = add(row, (meta) => signalPayloadOf(row, meta));
      if (hasEnded(row)) add(row, (meta) => outcomePayloadOf(row, issued.hash, meta));
    }
    for (const row of unresolved) add(row, (meta) => outcomePayloadOf(row, row.issue_hash, meta));
    const checkpoint = await append.commit();
    // Each newly issued signal points at its entry, as an engine-issued one does.
    await sql`
      update signals set record_seq = c.seq, record_hash = c.hash
      from track_record_chain c
      where c.signal_id = signals.id and c.kind = 'signal' and signals.record_seq is null
    `.execute(trx);
    const repair = { appended, firstSeq: first, lastSeq: last };
    await within?.(trx, repair);
    return { repair, checkpoint };
  });
  announce(db, result.checkpoint);
  return result.repair;
}
