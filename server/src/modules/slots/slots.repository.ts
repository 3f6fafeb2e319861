import type { SlotGapReason } from '@signalroom/shared';
import type { Database } from '@signalroom/shared-node';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Database>;

/** One slot boundary of a range with what decided it: the model's signal, a recorded gap, or neither. */
export interface SlotRow {
  slot: Date | string;
  signal_issued_at: Date | string | null;
  signal_record_seq: number | null;
  gap_reason: SlotGapReason | null;
  gap_public_reason: string | null;
  gap_recorded_at: Date | string | null;
  gap_record_seq: number | null;
}

/** The first slot anything decided (a model signal or a gap): the ledger's start, or null before any. */
export async function firstLedgerSlot(db: Db): Promise<Date | null> {
  const { rows } = await sql<{ first: Date | string | null }>`
    select least(
      (select min(slot_start) from signals where author_id is null),
      (select min(slot_start) from signal_slot_gaps)) as first`.execute(db);
  const first = rows[0]?.first;
  return first ? new Date(first) : null;
}

/** The slot boundaries of [from, to) as a series (`from` on a boundary). */
function boundaries(range: { from: Date; to: Date; intervalMs: number }) {
  return sql`generate_series(${range.from}::timestamptz, ${new Date(range.to.getTime() - 1)}::timestamptz,
    make_interval(secs => ${range.intervalMs / 1000})) as s(slot)`;
}

/** The slots of [from, to), oldest first, at most `limit`, each with what decided it. */
export async function listSlots(
  db: Db,
  range: { from: Date; to: Date; intervalMs: number; limit: number },
): Promise<SlotRow[]> {
  const { rows } = await sql<SlotRow>`
    select s.slot, sig.issued_at as signal_issued_at, sig.record_seq as signal_record_seq,
      g.reason as gap_reason, g.public_reason as gap_public_reason, g.recorded_at as gap_recorded_at,
      g.record_seq as gap_record_seq
    from ${boundaries(range)}
    left join signals sig on sig.slot_start = s.slot and sig.author_id is null
    left join signal_slot_gaps g on g.slot_start = s.slot
    order by s.slot
    limit ${range.limit}`.execute(db);
  return rows;
}

/** How the slots of [from, to) were decided: model signals, gaps by reason, and slots with neither. */
export async function countSlots(
  db: Db,
  range: { from: Date; to: Date; intervalMs: number },
): Promise<{ signals: number; undecided: number; gaps: Partial<Record<SlotGapReason, number>> }> {
  const { rows } = await sql<{ kind: string; n: string | number }>`
    select coalesce(g.reason, case when sig.id is not null then 'signal' else 'undecided' end) as kind,
      count(*) as n
    from ${boundaries(range)}
    left join signals sig on sig.slot_start = s.slot and sig.author_id is null
    left join signal_slot_gaps g on g.slot_start = s.slot
    group by 1`.execute(db);
  const counts = { signals: 0, undecided: 0, gaps: {} as Partial<Record<SlotGapReason, number>> };
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'signal') counts.signals = n;
    else if (row.kind === 'undecided') counts.undecided = n;
    else counts.gaps[row.kind as SlotGapReason] = n;
  }
  return counts;
}
