import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import {
  encodeTrackRecordPayload,
  TRACK_RECORD_ENCODING_VERSION,
  TRACK_RECORD_GENESIS_HASH,
  type TTrackRecordOutcomePayload,
  type TTrackRecordPayload,
  type TTrackRecordSignalPayload,
  trackRecordHashInput,
} from '../track-record.js';
import type { Database } from './schema.js';
import type { SignalRow } from './signal-repository.js';
import { sha256Hex } from './track-record-hash.js';
import type { TrackRecordChainTable } from './track-record-tables.js';

/**
 * Appends to the track record's hash chain. Every append runs in a transaction holding one advisory
 * lock, so appends from any number of workers take turns and `seq` stays gapless; an entry already in
 * the chain (signal and kind are unique together) is never appended twice. The signal's own write runs
 * in the same transaction, so a signal is never issued or resolved without its entry.
 */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Key of the advisory lock every append holds ("trac"). */
const CHAIN_LOCK_KEY = 0x74726163;

const iso = (d: Date | string) => new Date(d).toISOString();

/** The signal as issued, from its stored row. */
export function signalPayloadOf(row: SignalRow): TTrackRecordSignalPayload {
  return {
    v: TRACK_RECORD_ENCODING_VERSION,
    kind: 'signal',
    id: row.id,
    asset: row.asset,
    direction: row.direction,
    entryPrice: row.entry_price,
    confidence: row.confidence,
    slot: iso(row.slot_start),
    issuedAt: iso(row.issued_at),
    expiresAt: iso(row.expires_at),
    strategy: row.strategy,
    feed: row.source,
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
): TTrackRecordOutcomePayload {
  return {
    v: TRACK_RECORD_ENCODING_VERSION,
    kind: 'outcome',
    signalHash,
    outcome: row.outcome,
    status: row.status,
    level: row.outcome === null ? null : endLevelOf(row),
    exitPrice: row.exit_price,
    resolvedAt: row.resolved_at ? iso(row.resolved_at) : null,
  };
}

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

/** The entry that follows `previous` with this signal's payload, its hash computed. */
function nextEntry(
  previous: { seq: number; hash: string },
  row: SignalRow,
  payload: TTrackRecordPayload,
): Insertable<TrackRecordChainTable> & { seq: number; hash: string } {
  return {
    seq: previous.seq + 1,
    kind: payload.kind,
    signal_id: row.id,
    prev_hash: previous.hash,
    hash: sha256Hex(trackRecordHashInput(previous.hash, payload)),
    payload: encodeTrackRecordPayload(payload),
    public_at: row.expires_at,
  };
}

async function append(trx: Trx, row: SignalRow, payload: TTrackRecordPayload): Promise<string> {
  const entry = nextEntry(await chainHead(trx), row, payload);
  await trx.insertInto('track_record_chain').values(entry).execute();
  return entry.hash;
}

/** Appends the issue entry of a signal unless the chain has it; answers its hash. Hold the lock. */
async function ensureIssued(trx: Trx, row: SignalRow): Promise<string> {
  return (await entryHash(trx, row.id, 'signal')) ?? append(trx, row, signalPayloadOf(row));
}

/** Appends the outcome entry of a resolved signal (and its issue entry first if missing). Hold the lock. */
async function ensureOutcome(trx: Trx, row: SignalRow): Promise<void> {
  if (row.outcome === null) return;
  const signalHash = await ensureIssued(trx, row);
  if (await entryHash(trx, row.id, 'outcome')) return;
  await append(trx, row, outcomePayloadOf(row, signalHash));
}

/**
 * Runs a signal insert with its chain entry, in one transaction under the chain lock; `insert` answers
 * the new row, or null when the slot already had its signal (then nothing is appended).
 */
export function recordIssuedSignal(db: Db, insert: (trx: Trx) => Promise<SignalRow | null>): Promise<SignalRow | null> {
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const row = await insert(trx);
    if (row) await ensureIssued(trx, row);
    return row;
  });
}

/**
 * Runs a signal's final write with its outcome entry, in one transaction under the chain lock; `finish`
 * answers the resolved row, or null when another engine resolved it first (then nothing is appended).
 */
export function recordSignalOutcome(
  db: Db,
  finish: (trx: Trx) => Promise<SignalRow | null>,
): Promise<SignalRow | null> {
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const row = await finish(trx);
    if (row) await ensureOutcome(trx, row);
    return row;
  });
}

/** Rows of missing entries go in by this many per INSERT. */
const BACKFILL_BATCH = 500;

/** A signal without a chain entry of this kind: what the backfill's two reads look for. */
function lacksChainEntry(kind: TrackRecordChainTable['kind']) {
  return sql<boolean>`not exists (select 1 from track_record_chain c where c.signal_id = signals.id and c.kind = ${kind})`;
}

/**
 * Appends what the chain lacks: signals issued before the chain existed (or written around it), in
 * slot order, each followed by its outcome when resolved; then outcomes still missing, in the order
 * they resolved. Hashes are chained in memory from the head read once under the lock, and the entries
 * inserted in batches. Answers how many entries it appended. Safe to run at every start, from any process.
 */
export function backfillTrackRecord(db: Db): Promise<number> {
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
      .where('signals.outcome', 'is not', null)
      .where(lacksChainEntry('outcome'))
      .orderBy('signals.resolved_at')
      .orderBy('signals.slot_start')
      .execute();

    let previous = await chainHead(trx);
    const entries: Insertable<TrackRecordChainTable>[] = [];
    const add = (row: SignalRow, payload: TTrackRecordPayload): string => {
      const entry = nextEntry(previous, row, payload);
      entries.push(entry);
      previous = entry;
      return entry.hash;
    };
    for (const row of unissued) {
      const signalHash = add(row, signalPayloadOf(row));
      if (row.outcome !== null) add(row, outcomePayloadOf(row, signalHash));
    }
    for (const row of unresolved) add(row, outcomePayloadOf(row, row.issue_hash));
    for (let i = 0; i < entries.length; i += BACKFILL_BATCH) {
      await trx
        .insertInto('track_record_chain')
        .values(entries.slice(i, i + BACKFILL_BATCH))
        .execute();
    }
    return entries.length;
  });
}
