import {
  SLOT_UNDECIDED,
  type SlotGapReason,
  slotStateOfGap,
  type TSlot,
  type TSlotsPage,
  type TSlotsQuery,
  toIso,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { countSlots, firstLedgerSlot, listSlots, type SlotRow } from './slots.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db' | 'now'> & {
  config: Pick<ServerContext['config'], 'SIGNAL_INTERVAL_MS'>;
};

const DAY_MS = 86_400_000;

function presentSlot(row: SlotRow): TSlot {
  const slot = toIso(row.slot);
  if (row.signal_issued_at !== null) {
    return {
      slot,
      state: 'issued',
      reason: null,
      decidedAt: toIso(row.signal_issued_at),
      recordSeq: row.signal_record_seq,
    };
  }
  if (row.gap_reason !== null) {
    return {
      slot,
      state: slotStateOfGap(row.gap_reason),
      reason: row.gap_public_reason,
      decidedAt: row.gap_recorded_at === null ? null : toIso(row.gap_recorded_at),
      recordSeq: row.gap_record_seq,
    };
  }
  return { slot, state: SLOT_UNDECIDED, reason: null, decidedAt: null, recordSeq: null };
}

/**
 * The slot ledger over [from, to) (by default the last 24 hours): each slot boundary from the ledger's
 * first slot up to now, with its state. Slots before the first decided one, and boundaries still to come,
 * are not slots yet and are left out; `from` moves to the next boundary.
 */
export async function slotLedger(ctx: ServiceContext, query: TSlotsQuery): Promise<TSlotsPage> {
  const intervalMs = ctx.config.SIGNAL_INTERVAL_MS;
  const now = ctx.now();
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - DAY_MS);
  const first = await firstLedgerSlot(ctx.db);
  // Slots run from a boundary: the first at or after `from` and at or after the ledger's first slot.
  const earliest = Math.max(from.getTime(), first?.getTime() ?? Number.POSITIVE_INFINITY);
  const start = Math.ceil(earliest / intervalMs) * intervalMs;
  // A boundary is a slot once it has come (the current slot, undecided within its deadline, included).
  const end = Math.min(to.getTime(), now.getTime() + 1);
  const counts = { issued: 0, 'market-closed': 0, 'feed-failed': 0, missed: 0, undecided: 0 };
  const page: TSlotsPage = { from: toIso(from), to: toIso(to), intervalMs, counts, items: [], next: null };
  if (start >= end) return page;
  const range = { from: new Date(start), to: new Date(end), intervalMs };
  const [rows, tally] = await Promise.all([
    listSlots(ctx.db, { ...range, limit: query.limit + 1 }),
    countSlots(ctx.db, range),
  ]);
  counts.issued = tally.signals;
  counts.undecided = tally.undecided;
  for (const [reason, n] of Object.entries(tally.gaps)) counts[slotStateOfGap(reason as SlotGapReason)] += n;
  const items = rows.slice(0, query.limit).map(presentSlot);
  const following = rows[query.limit];
  return { ...page, items, next: following ? toIso(following.slot) : null };
}
