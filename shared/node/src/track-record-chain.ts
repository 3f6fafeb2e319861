import { randomBytes } from 'node:crypto';
import {
  bytesToHex,
  EMPTY_CHECKPOINT,
  encodeTrackRecordPayload,
  hexToBytes,
  type MerkleNode,
  TRACK_RECORD_ENCODING_VERSION,
  TRACK_RECORD_GENESIS_HASH,
  TRACK_RECORD_SALT_BYTES,
  type TTrackRecordOutcomePayload,
  type TTrackRecordPayload,
  type TTrackRecordSignalPayload,
  toIso,
  toIsoOrNull,
  trackRecordHashInput,
} from '@signalroom/shared';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { SignalRow } from './signal-tables.js';
import { sha256Hex } from './track-record-hash.js';
import { type TrackRecordSigner, trackRecordSigner } from './track-record-key.js';
import type { TrackRecordChainTable } from './track-record-tables.js';
import { insertNodes, treeAt } from './track-record-tree.js';

/**
 * Appends to the track record: the hash chain, the Merkle tree over it and a signed checkpoint, in the
 * same transaction as the signal's own write. Every append holds one advisory lock, so appends from
 * any number of workers take turns and `seq` stays gapless; an entry already in the chain (signal and
 * kind are unique together) is never appended twice. An append refuses to go on from a chain that no
 * longer extends the last checkpoint it signed: history rewritten underneath cannot be built upon.
 */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

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

/**
 * Runs `work` in a transaction holding the lock every signal insert holds, so it sees a signal being
 * issued at the same moment once that insert has committed, and the insert sees what `work` wrote.
 */
export function withSignalWriteLock<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    return work(trx);
  });
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

/** The chain's last entry (seq 0 and the genesis hash while it is empty). Hold the lock. */
async function chainHead(trx: Trx): Promise<{ seq: number; hash: string }> {
  const head = await trx
    .selectFrom('track_record_chain')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return head ?? { seq: 0, hash: TRACK_RECORD_GENESIS_HASH };
}

/** Thrown when the chain no longer extends the last checkpoint it signed: nothing may be appended. */
export class TrackRecordRewrittenError extends Error {}

/**
 * Refuses to append after a rewrite: the last signed checkpoint must still describe the chain (its
 * size no greater than the chain's, and entry #size still the hash it signed). Hold the lock.
 */
async function assertExtendsLastCheckpoint(trx: Trx, head: { seq: number; hash: string }): Promise<void> {
  const last = await trx
    .selectFrom('track_record_checkpoints')
    .select(['size', 'head'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last || last.size === 0) return;
  const signed =
    last.size === head.seq
      ? head.hash
      : (await trx.selectFrom('track_record_chain').select('hash').where('seq', '=', last.size).executeTakeFirst())
          ?.hash;
  if (signed !== last.head) {
    throw new TrackRecordRewrittenError(
      `track record: entry #${last.size} is not the one checkpoint-signed (the chain holds ${head.seq} entries); ` +
        'history was rewritten, so nothing more is appended',
    );
  }
}

/** The entry that follows `previous` with this signal's payload, its hash computed. */
function nextEntry(
  previous: { seq: number; hash: string },
  row: SignalRow,
  payload: TTrackRecordPayload,
  meta: EntryMeta,
): Insertable<TrackRecordChainTable> & { seq: number; hash: string } {
  return {
    seq: previous.seq + 1,
    kind: payload.kind,
    signal_id: row.id,
    prev_hash: previous.hash,
    hash: sha256Hex(trackRecordHashInput(previous.hash, payload)),
    payload: encodeTrackRecordPayload(payload),
    public_at: row.expires_at,
    appended_at: meta.appendedAt,
    version: meta.version,
    salt: meta.salt,
  };
}

/**
 * One append transaction's work on the chain: entries chained in memory from the head, then written
 * with the tree nodes they complete and a signed checkpoint after each of them (a checkpoint at every
 * append, whether one entry goes in or a repair's many). Hold the lock.
 */
async function openAppend(trx: Trx, signer: TrackRecordSigner, at: Date) {
  let previous = await chainHead(trx);
  await assertExtendsLastCheckpoint(trx, previous);
  const tree = await treeAt(trx, previous.seq);
  const entries: (Insertable<TrackRecordChainTable> & { seq: number; hash: string })[] = [];
  const nodes: MerkleNode[] = [];
  const states: { size: number; head: string; root: string }[] = [];
  return {
    /** Chains the next entry; answers its place and hash. */
    add(row: SignalRow, payloadOf: (meta: EntryMeta) => TTrackRecordPayload): { seq: number; hash: string } {
      const meta = newEntryMeta(at);
      const entry = nextEntry(previous, row, payloadOf(meta), meta);
      entries.push(entry);
      nodes.push(...tree.push(hexToBytes(entry.hash)));
      states.push({ size: entry.seq, head: entry.hash, root: bytesToHex(tree.root()) });
      previous = entry;
      return { seq: entry.seq, hash: entry.hash };
    },
    /** Writes what was chained, its tree nodes and its checkpoints; answers how many entries. */
    async commit(): Promise<number> {
      for (let i = 0; i < entries.length; i += BATCH) {
        await trx
          .insertInto('track_record_chain')
          .values(entries.slice(i, i + BATCH))
          .execute();
      }
      await insertNodes(trx, nodes);
      await insertCheckpoints(trx, signer, states, at);
      return entries.length;
    },
  };
}

/** Rows of missing entries go in by this many per INSERT. */
const BATCH = 500;

/** Signs and stores checkpoints of these states, in order. */
async function insertCheckpoints(
  trx: Trx,
  signer: TrackRecordSigner,
  states: readonly { size: number; head: string; root: string }[],
  at: Date,
): Promise<void> {
  const time = at.toISOString();
  for (let i = 0; i < states.length; i += BATCH) {
    const rows = states.slice(i, i + BATCH).map((state) => {
      const cp = signer.sign({ ...state, time });
      return { size: cp.size, head: cp.head, root: cp.root, signed_at: cp.time, signature: cp.signature };
    });
    await trx.insertInto('track_record_checkpoints').values(rows).execute();
  }
}

/**
 * Runs a signal insert with its chain entry, in one transaction under the chain lock; `insert` answers
 * the new row, or null when the slot already had its signal (then nothing is appended). The row comes
 * back with its entry's place and hash, and the checkpoint covering it is signed before the
 * transaction commits, so it is public before any member is sent the signal.
 */
export async function recordIssuedSignal(
  db: Db,
  insert: (trx: Trx) => Promise<SignalRow | null>,
  at: Date = new Date(),
): Promise<SignalRow | null> {
  const signer = await trackRecordSigner(db);
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const row = await insert(trx);
    if (!row) return null;
    const append = await openAppend(trx, signer, at);
    const entry = append.add(row, (meta) => signalPayloadOf(row, meta));
    await append.commit();
    return trx
      .updateTable('signals')
      .set({ record_seq: entry.seq, record_hash: entry.hash })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
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
  const signer = await trackRecordSigner(db);
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const row = await finish(trx);
    if (!row || !hasEnded(row)) return row;
    const signalHash = await entryHash(trx, row.id, 'signal');
    if (!signalHash) throw new Error(`track record: signal ${row.id} resolved without its issue entry`);
    if (await entryHash(trx, row.id, 'outcome')) return row;
    const append = await openAppend(trx, signer, at);
    append.add(row, (meta) => outcomePayloadOf(row, signalHash, meta));
    await append.commit();
    return row;
  });
}

/**
 * Signs a checkpoint of the current head unless one was signed less than `maxAgeMs` before `at`: the
 * record says it is alive at least once a slot even when no signal was issued. Answers whether it signed.
 */
export async function signFreshCheckpoint(db: Db, at: Date, maxAgeMs: number): Promise<boolean> {
  const signer = await trackRecordSigner(db);
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const last = await trx
      .selectFrom('track_record_checkpoints')
      .select('signed_at')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && at.getTime() - new Date(last.signed_at).getTime() < maxAgeMs) return false;
    const head = await chainHead(trx);
    await assertExtendsLastCheckpoint(trx, head);
    const root = head.seq === 0 ? EMPTY_CHECKPOINT.root : bytesToHex((await treeAt(trx, head.seq)).root());
    await insertCheckpoints(trx, signer, [{ size: head.seq, head: head.hash, root }], at);
    return true;
  });
}

/** A signal without a chain entry of this kind. */
function lacksChainEntry(kind: TrackRecordChainTable['kind']) {
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
 * itself says they came late. `within` runs in the same transaction (the caller's audit row).
 */
export async function appendUnrecordedSignals(
  db: Db,
  at: Date,
  within?: (trx: Trx, repair: AppendedRepair) => Promise<void>,
): Promise<AppendedRepair> {
  const signer = await trackRecordSigner(db);
  return db.transaction().execute(async (trx) => {
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

    const append = await openAppend(trx, signer, at);
    let first: number | null = null;
    let last: number | null = null;
    const add = (row: SignalRow, payloadOf: (meta: EntryMeta) => TTrackRecordPayload) => {
      const entry = append.add(row, payloadOf);
      first ??= entry.seq;
      last = entry.seq;
      return entry;
    };
    for (const row of unissued) {
      const issued = add(row, (meta) => signalPayloadOf(row, meta));
      if (hasEnded(row)) add(row, (meta) => outcomePayloadOf(row, issued.hash, meta));
    }
    for (const row of unresolved) add(row, (meta) => outcomePayloadOf(row, row.issue_hash, meta));
    const appended = await append.commit();
    // Each newly issued signal points at its entry, as an engine-issued one does.
    await sql`
      update signals set record_seq = c.seq, record_hash = c.hash
      from track_record_chain c
      where c.signal_id = signals.id and c.kind = 'signal' and signals.record_seq is null
    `.execute(trx);
    const repair = { appended, firstSeq: first, lastSeq: last };
    await within?.(trx, repair);
    return repair;
  });
}
