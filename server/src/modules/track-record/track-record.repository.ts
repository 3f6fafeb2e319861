import type { TrackRecordFacts, TTrackRecordEntry } from '@signalroom/shared';
import { endLevelOf, outcomePayloadOf, type SignalRow, signalPayloadOf } from '@signalroom/shared-node';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Reads of the track record. Published entries are rebuilt from the signals table as it is now, with
 * the hashes the chain stored when they were appended: a signal changed since then no longer matches
 * its hash, so every reader of the record (the server's own check, members' verifiers) sees where.
 */

/**
 * How much of the chain is public at `now`: every entry before the first whose signal's primary window
 * is still open (the chain is a prefix, so a live signal never shows, nor anything after it). Also how
 * many entries wait behind that cut.
 */
export async function publicExtent(db: Db, now: Date): Promise<{ length: number; total: number }> {
  const row = await db
    .selectFrom('track_record_chain')
    .select((eb) => [
      eb.fn.max('seq').as('last'),
      eb
        .selectFrom('track_record_chain as hidden')
        .select((h) => h.fn.min('hidden.seq').as('first'))
        .where('hidden.public_at', '>', now)
        .as('firstHidden'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.last ?? 0);
  const length = row.firstHidden === null || row.firstHidden === undefined ? total : Number(row.firstHidden) - 1;
  return { length, total };
}

/** Entries after `after` up to `upTo` (inclusive), at most `limit`, oldest first, rebuilt from the signals. */
export async function listEntries(db: Db, after: number, upTo: number, limit: number): Promise<TTrackRecordEntry[]> {
  if (after >= upTo || limit <= 0) return [];
  const rows = await chainRows(db)
    .where('seq', '>', after)
    .where('seq', '<=', upTo)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rebuild(db, rows);
}

/** The entries of these signals up to `upTo`, rebuilt (the check re-verifies written signals with them). */
export async function entriesOfSignals(
  db: Db,
  signalIds: readonly string[],
  upTo: number,
): Promise<TTrackRecordEntry[]> {
  if (signalIds.length === 0) return [];
  const rows = await chainRows(db)
    .where('signal_id', 'in', signalIds)
    .where('seq', '<=', upTo)
    .orderBy('seq')
    .execute();
  return rebuild(db, rows);
}

/** What an entry takes from the chain (not its stored payload: published payloads are rebuilt). */
function chainRows(db: Db) {
  return db
    .selectFrom('track_record_chain')
    .select(['seq', 'kind', 'signal_id', 'prev_hash', 'hash', 'version', 'salt', 'appended_at']);
}

type ChainRow = Awaited<ReturnType<ReturnType<typeof chainRows>['execute']>>[number];

/** The signal columns a payload is rebuilt from. */
const PAYLOAD_COLUMNS = [
  'id',
  'asset',
  'direction',
  'entry_price',
  'confidence',
  'slot_start',
  'issued_at',
  'expires_at',
  'strategy',
  'author_id',
  'source',
  'outcome',
  'status',
  'resolved_level',
  'active_level',
  'exit_price',
  'resolved_at',
] as const;

/**
 * Entries as published: each payload rebuilt from its signal as stored now, with the hash stored then.
 * Signals and issue hashes are read by key for the page's rows (index lookups whatever the tables'
 * statistics say, so a page costs the same at entry 10 and at entry 200,000).
 */
async function rebuild(db: Db, rows: readonly ChainRow[]): Promise<TTrackRecordEntry[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.signal_id))];
  // One array parameter rather than thousands of placeholders.
  const idList = sql<string>`any(${ids}::uuid[])`;
  const [signals, issues] = await Promise.all([
    db.selectFrom('signals').select(PAYLOAD_COLUMNS).where('id', '=', idList).execute(),
    db
      .selectFrom('track_record_chain')
      .select(['signal_id', 'hash'])
      .where('signal_id', '=', idList)
      .where('kind', '=', 'signal')
      .execute(),
  ]);
  const signalById = new Map(signals.map((row) => [row.id, row as unknown as SignalRow]));
  const issueHash = new Map(issues.map((row) => [row.signal_id, row.hash]));
  return rows.flatMap((r) => {
    const signal = signalById.get(r.signal_id);
    // The foreign key keeps a named signal; only a database written around it could lose one.
    if (!signal) throw new Error(`track record entry #${r.seq} names a signal that is gone`);
    const meta = { version: r.version, salt: r.salt, appendedAt: r.appended_at };
    const payload =
      r.kind === 'signal'
        ? signalPayloadOf(signal, meta)
        : outcomePayloadOf(signal, issueHash.get(r.signal_id) ?? '', meta);
    return [{ seq: r.seq, prevHash: r.prev_hash, hash: r.hash, payload }];
  });
}

/** Every entry up to `upTo`, in batches, oldest first (for the download and the check). */
export async function* streamEntries(db: Db, upTo: number, batch = 2000, after = 0): AsyncGenerator<TTrackRecordEntry> {
  while (after < upTo) {
    const entries = await listEntries(db, after, upTo, batch);
    if (entries.length === 0) return;
    yield* entries;
    after = entries[entries.length - 1]?.seq ?? upTo;
  }
}

/**
 * The resolved signals whose outcome entry is among the first `upTo` entries, in the order the record
 * issued them, as the statistics need them; and the feeds they ran on. Anyone holding the public record
 * recomputes the same figures from it.
 */
export async function listRecordedFacts(
  db: Db,
  upTo: number,
): Promise<{ facts: TrackRecordFacts[]; feeds: Set<string> }> {
  const rows = await db
    .selectFrom('track_record_chain as o')
    .innerJoin('track_record_chain as i', (join) =>
      join.onRef('i.signal_id', '=', 'o.signal_id').on('i.kind', '=', 'signal'),
    )
    .innerJoin('signals as s', 's.id', 'o.signal_id')
    .select([
      's.asset',
      's.direction',
      's.confidence',
      's.outcome',
      's.resolved_level',
      's.active_level',
      's.resolved_at',
      's.source',
    ])
    .where('o.kind', '=', 'outcome')
    .where('o.seq', '<=', upTo)
    .where('s.outcome', 'is not', null)
    .orderBy('i.seq')
    .execute();
  const feeds = new Set<string>();
  const facts = rows.map((r) => {
    feeds.add(r.source);
    return {
      asset: r.asset,
      direction: r.direction,
      confidence: r.confidence,
      outcome: r.outcome as TrackRecordFacts['outcome'],
      endLevel: endLevelOf(r),
      resolvedAt: new Date(r.resolved_at ?? 0).toISOString(),
    };
  });
  return { facts, feeds };
}

/** Signals written since change `after` (ids, in order) and the last change's id. */
export async function signalChangesSince(db: Db, after: string): Promise<{ ids: string[]; last: string }> {
  const rows = await db
    .selectFrom('track_record_signal_changes')
    .select(['id', 'signal_id'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(10_000)
    .execute();
  return { ids: [...new Set(rows.map((r) => r.signal_id))], last: rows.at(-1)?.id.toString() ?? after };
}

/** The oldest change still logged (a check that fell further behind starts over). */
export async function oldestSignalChange(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('track_record_signal_changes')
    .select((eb) => eb.fn.min('id').as('first'))
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : String(row.first);
}

/** Forgets changes older than `before` (every process's check has read them or starts over). */
export async function pruneSignalChanges(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('track_record_signal_changes').where('changed_at', '<', before).execute();
}

/** The last change's id now (where a fresh full check starts reading changes from). */
export async function lastSignalChange(db: Db): Promise<string> {
  const row = await db
    .selectFrom('track_record_signal_changes')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? '0' : String(row.last);
}

const checkpointColumns = ['id', 'size', 'head', 'root', 'signed_at', 'signature'] as const;

export type CheckpointRow = {
  id: number;
  size: number;
  head: string;
  root: string;
  signed_at: string;
  signature: string;
};

/** Signed checkpoints after `afterId`, in the order signed, at most `limit`. */
export function listCheckpoints(db: Db, afterId: number, limit: number): Promise<CheckpointRow[]> {
  return db
    .selectFrom('track_record_checkpoints')
    .select(checkpointColumns)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The latest signed checkpoint, or null before the first. */
export async function latestCheckpoint(db: Db): Promise<CheckpointRow | null> {
  const row = await db
    .selectFrom('track_record_checkpoints')
    .select(checkpointColumns)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The stored hash of entry `seq`, or null. */
export async function entryHashAt(db: Db, seq: number): Promise<string | null> {
  const row = await db.selectFrom('track_record_chain').select('hash').where('seq', '=', seq).executeTakeFirst();
  return row?.hash ?? null;
}

/** How many entries the chain holds now. */
export async function chainLength(db: Db): Promise<number> {
  const row = await db
    .selectFrom('track_record_chain')
    .select((eb) => eb.fn.max('seq').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** One entry of the chain as the signal stream replays it: its number, what it records, which signal. */
export interface ChainEntryRef {
  seq: number;
  kind: 'signal' | 'outcome';
  signal_id: string;
}

/** The entries after `after`, oldest first, at most `limit`. */
export function listEntriesAfter(db: Db, after: number, limit: number): Promise<ChainEntryRef[]> {
  return db
    .selectFrom('track_record_chain')
    .select(['seq', 'kind', 'signal_id'])
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The newest entry's number; null on an empty record. */
export async function lastEntrySeq(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('track_record_chain')
    .select((eb) => eb.fn.max('seq').as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** The number of the entry that recorded a signal's outcome; null while it has none. */
export async function outcomeEntrySeq(db: Db, signalId: string): Promise<number | null> {
  const row = await db
    .selectFrom('track_record_chain')
    .select('seq')
    .where('signal_id', '=', signalId)
    .where('kind', '=', 'outcome')
    .executeTakeFirst();
  return row ? Number(row.seq) : null;
}
