import type { TrackRecordFacts, TTrackRecordEntry } from '@signalroom/shared';
import { endLevelOf, outcomePayloadOf, type SignalRow, signalPayloadOf } from '@signalroom/shared/node';
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

/** A counter every write to the signals table moves (a trigger keeps it): tells a check is out of date. */
export async function signalsRevision(db: Db): Promise<string> {
  const result = await sql<{
    last_value: string | number;
  }>`select last_value from track_record_signals_revision`.execute(db);
  return String(result.rows[0]?.last_value ?? 0);
}

/** The stored hash of entry `seq` (the head when seq is the public length). */
export async function storedHash(db: Db, seq: number): Promise<string | null> {
  const row = await db.selectFrom('track_record_chain').select('hash').where('seq', '=', seq).executeTakeFirst();
  return row?.hash ?? null;
}

/** Public entries after `after` up to `upTo` (inclusive), at most `limit`, oldest first. */
export async function listEntries(db: Db, after: number, upTo: number, limit: number): Promise<TTrackRecordEntry[]> {
  if (after >= upTo || limit <= 0) return [];
  const rows = await db
    .selectFrom('track_record_chain as c')
    .innerJoin('signals as s', 's.id', 'c.signal_id')
    .leftJoin('track_record_chain as issue', (join) =>
      join.onRef('issue.signal_id', '=', 'c.signal_id').on('issue.kind', '=', 'signal'),
    )
    .selectAll('s')
    .select(['c.seq', 'c.kind', 'c.prev_hash', 'c.hash as entry_hash', 'issue.hash as issue_hash'])
    .where('c.seq', '>', after)
    .where('c.seq', '<=', upTo)
    .orderBy('c.seq')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const signal = r as unknown as SignalRow;
    return {
      seq: r.seq,
      prevHash: r.prev_hash,
      hash: r.entry_hash,
      payload: r.kind === 'signal' ? signalPayloadOf(signal) : outcomePayloadOf(signal, r.issue_hash ?? ''),
    };
  });
}

/** Every public entry up to `upTo`, in batches, oldest first (for the download and the check). */
export async function* streamEntries(db: Db, upTo: number, batch = 1000): AsyncGenerator<TTrackRecordEntry> {
  let after = 0;
  while (after < upTo) {
    const entries = await listEntries(db, after, upTo, batch);
    if (entries.length === 0) return;
    yield* entries;
    after = entries[entries.length - 1]?.seq ?? upTo;
  }
}

/** Resolved signals, oldest first, as the statistics need them; and the feeds they ran on. */
export async function listResolvedFacts(db: Db): Promise<{ facts: TrackRecordFacts[]; feeds: Set<string> }> {
  const rows = await db
    .selectFrom('signals')
    .select(['asset', 'direction', 'confidence', 'outcome', 'resolved_level', 'active_level', 'resolved_at', 'source'])
    .where('outcome', 'is not', null)
    .orderBy('slot_start')
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
