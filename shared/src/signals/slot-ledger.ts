import { z } from 'zod';
import { ZInstant } from '../iso-date.js';
import { zIsoTime, zQueryInteger } from '../request-fields.js';
import type { SlotGapReason } from './timing.js';

/**
 * The slot ledger: every scheduled slot (one per interval, 5 minutes in production) ends in exactly one
 * recorded state, entered in the track record's log, so a slot without a signal is never silent. Signals
 * published on the analyst desk are not slots; when the operator lets one stand in for the model's, its
 * slot counts as issued.
 */
export const SLOT_STATES = ['issued', 'market-closed', 'feed-failed', 'missed'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

/** A slot still within its issue deadline, or past it with nothing recorded yet (a worker records it). */
export const SLOT_UNDECIDED = 'undecided';
export type SlotStanding = SlotState | typeof SLOT_UNDECIDED;

/** How a recorded gap reads in the ledger. */
export function slotStateOfGap(reason: SlotGapReason): SlotState {
  if (reason === 'market_closed') return 'market-closed';
  if (reason === 'no_data') return 'feed-failed';
  if (reason === 'analyst_published') return 'issued';
  return 'missed';
}

/** Each state as a sentence reads it. */
export const SLOT_STATE_LABELS: Record<SlotStanding, string> = {
  issued: 'issued',
  'market-closed': 'market closed',
  'feed-failed': 'feed failed',
  missed: 'missed',
  undecided: 'not decided yet',
};

/**
 * How long after its boundary a slot may still be issued: a failed attempt is retried, and a worker
 * started in this time issues the slot, until then; after it the slot is recorded missed. Sixty seconds
 * at the real cadence; half the interval when slots are shorter (tests and demos), so a late signal
 * still leaves most of its window to act in.
 */
export const SLOT_ISSUE_DEADLINE_MS = 60_000;

export function slotIssueDeadlineMs(intervalMs: number): number {
  return Math.min(SLOT_ISSUE_DEADLINE_MS, intervalMs / 2);
}

/** Whether a slot starting at `slotStart` may still be issued at `now`. */
export function isSlotIssuable(slotStart: Date, now: Date, intervalMs: number): boolean {
  const age = now.getTime() - slotStart.getTime();
  return age >= 0 && age <= slotIssueDeadlineMs(intervalMs);
}

/** Why a slot has no signal, as the public ledger and the log say it (the operators' detail stays private). */
export const SlotReasons = {
  marketClosed: 'The market was closed',
  feedFailed: 'The market feed did not answer with a current price',
  engineFailed: 'The signal engine failed at the slot and kept failing until its deadline',
  databaseDown: 'The database was unavailable until the slot’s deadline',
  jobLate: 'The slot’s job ran after its deadline (the queue was stalled or lost)',
  workerAway: 'No worker was running while the slot could be issued',
  deskStoodIn: 'An analyst’s signal published on the desk stood in for the model’s',
} as const;

export type SlotCounts = Record<SlotStanding, number>;

/** "288 slots in the last 24 hours: 280 issued, 6 market closed, 2 missed" (states with none left out). */
export function slotCountsSentence(counts: SlotCounts, span: string): string {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const parts = ([...SLOT_STATES, SLOT_UNDECIDED] as const)
    .filter((state) => counts[state] > 0)
    .map((state) => `${counts[state]} ${SLOT_STATE_LABELS[state]}`);
  const head = `${total} ${total === 1 ? 'slot' : 'slots'} ${span}`;
  return parts.length ? `${head}: ${parts.join(', ')}` : head;
}

/** Most slots one page of GET /api/slots carries (a day at 5 minutes is 288). */
export const SLOTS_PAGE_MAX = 500;
/** The widest range one request may name. */
export const SLOTS_RANGE_MAX_DAYS = 366;

export const SlotsQueryMessages = {
  from: 'from must be an ISO 8601 time with its zone, e.g. 2026-12-01T00:00:00Z.',
  to: 'to must be an ISO 8601 time with its zone, e.g. 2026-12-02T00:00:00Z.',
  order: 'to must be later than from.',
  range: `from and to may be at most ${SLOTS_RANGE_MAX_DAYS} days apart.`,
  limit: `limit must be a whole number from 1 to ${SLOTS_PAGE_MAX}.`,
} as const;

/**
 * GET /api/slots: the slots whose boundary is in [from, to) (by default the last 24 hours), oldest
 * first, at most `limit`; the answer's `next` is the `from` of the following page.
 */
export const ZSlotsQuery = z
  .object({
    from: zIsoTime(SlotsQueryMessages.from).optional(),
    to: zIsoTime(SlotsQueryMessages.to).optional(),
    limit: zQueryInteger(1, SLOTS_PAGE_MAX, SlotsQueryMessages.limit).default(288),
  })
  .strict()
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    if (query.to <= query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: SlotsQueryMessages.order });
    else if (query.to.getTime() - query.from.getTime() > SLOTS_RANGE_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: SlotsQueryMessages.range });
  });
export type TSlotsQuery = z.infer<typeof ZSlotsQuery>;

export const ZSlotStanding = z.enum([...SLOT_STATES, SLOT_UNDECIDED]);

/** One slot as the ledger answers it. */
export const ZSlot = z.object({
  /** The slot's boundary (ISO). */
  slot: ZInstant,
  state: ZSlotStanding,
  /** Why it has no signal (or whose signal stood in); null for a slot the model issued, or undecided. */
  reason: z.string().nullable(),
  /** When its state was recorded (ISO); for an issued slot, its signal's issue time. */
  decidedAt: ZInstant.nullable(),
  /** The log entry that states it: the signal's entry, or the slot's own (null while undecided). */
  recordSeq: z.number().int().nullable(),
});
export type TSlot = z.infer<typeof ZSlot>;

export const ZSlotsPage = z.object({
  from: z.string(),
  to: z.string(),
  /** The slot interval in milliseconds. */
  intervalMs: z.number().int(),
  /** Every slot of [from, to) by state (not only this page's). */
  counts: z.object({
    issued: z.number().int(),
    'market-closed': z.number().int(),
    'feed-failed': z.number().int(),
    missed: z.number().int(),
    undecided: z.number().int(),
  }),
  items: z.array(ZSlot),
  /** The `from` of the next page, or null on the last one. */
  next: z.string().nullable(),
});
export type TSlotsPage = z.infer<typeof ZSlotsPage>;
