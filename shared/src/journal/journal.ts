import { z } from 'zod';
import { ZInstant } from '../iso-date.js';
import { zMoney } from '../money-fields.js';
import { zText } from '../request-fields.js';
import { ZRate } from '../track-record/stats.js';

/**
 * A member's journal: for each signal, whether they took it and, if so, the stake, the price and time
 * they were filled at and what the trade paid. Entered by hand per signal or imported from a broker's
 * trade history (CSV). Its figures set the member's own trades beside the record on the same signals.
 */
export const JournalMessages = {
  taken: 'Say whether you took this signal.',
  stake: 'Enter the stake from 1 to 100,000, in cents at most (e.g. 10 or 12.50).',
  fillPrice: 'Enter the price you were filled at, a positive number.',
  filledAt: 'Enter when you were filled as a date and time.',
  result: 'Enter what the trade paid, from -100,000 to 100,000 in cents at most (negative for a loss).',
  skippedHasNoTrade: 'A skipped signal has no stake, fill or result.',
  signalUnknown: 'That signal is not in the record.',
  signalNotStarted: 'That signal has not started yet.',
  saved: 'Journal saved',
  loaded: 'Your trades',
  removed: 'Removed from your journal',
  importRows: 'Send between 1 and 5,000 rows.',
  importOffset: 'Choose the time zone offset of the file, from UTC-12:00 to UTC+14:00.',
  importRow: 'Each row needs its line number and the time, instrument, direction, stake and result as text.',
  importDryRun: 'Say whether to check the rows only (dryRun: true) or import them (false).',
  importHasProblems: (bad: number) =>
    `${bad} ${bad === 1 ? 'row has a problem' : 'rows have problems'}: fix ${bad === 1 ? 'it' : 'them'} or leave ${bad === 1 ? 'it' : 'them'} out. Nothing was imported.`,
  imported: (n: number) => `${n} ${n === 1 ? 'trade' : 'trades'} imported`,
  previewed: 'Import checked',
} as const;

export const JOURNAL_LIMITS = {
  stake: { min: 1, max: 100_000 },
  result: { min: -100_000, max: 100_000 },
  importRows: 5_000,
  /** A trade this long before a signal's window still counts as taken on it (a fill a moment early). */
  earlyFillMs: 60_000,
} as const;

/** A date and time as ISO 8601 writes it, with its zone (what a datetime field and the API send). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const ZJournalFields = z
  .object({
    taken: z.boolean({ error: JournalMessages.taken }),
    stake: zMoney(JOURNAL_LIMITS.stake, JournalMessages.stake).nullable().optional(),
    fillPrice: z
      .number({ error: JournalMessages.fillPrice })
      .positive(JournalMessages.fillPrice)
      .max(10_000_000, JournalMessages.fillPrice)
      .nullable()
      .optional(),
    filledAt: zText({ max: 40, required: JournalMessages.filledAt })
      .refine((value) => ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)), JournalMessages.filledAt)
      .nullable()
      .optional(),
    result: zMoney(JOURNAL_LIMITS.result, JournalMessages.result).nullable().optional(),
  })
  .strict();

/** One signal's journal entry as the member saves it (`PUT /api/signals/:id/journal`). */
export const ZJournalEntryRequest = /* @__PURE__ */ ZJournalFields.superRefine(
  (entry, ctx) => {
    const trade = [entry.stake, entry.fillPrice, entry.filledAt, entry.result].some(
      (v) => v !== undefined && v !== null,
    );
    if (!entry.taken && trade) {
      ctx.addIssue({ code: 'custom', path: ['taken'], message: JournalMessages.skippedHasNoTrade });
    }
    if (entry.taken && (entry.stake === undefined || entry.stake === null)) {
      ctx.addIssue({ code: 'custom', path: ['stake'], message: JournalMessages.stake });
    }
  },
  // Between fields that each passed their own rule only (one message a field).
  { when: (payload) => payload.issues.length === 0 },
);
export type TJournalEntryRequest = z.infer<typeof ZJournalEntryRequest>;

/** A journal entry with the signal it is about, as the record logged it. */
export const ZJournalEntry = z.object({
  signalId: z.string(),
  asset: z.string(),
  direction: z.enum(['CALL', 'PUT']),
  /** The start of the signal's window. */
  windowStart: ZInstant,
  /** The signal's entry price, as logged. */
  entryPrice: z.number().nullable(),
  taken: z.boolean(),
  stake: z.number().nullable(),
  fillPrice: z.number().nullable(),
  filledAt: ZInstant.nullable(),
  result: z.number().nullable(),
  /** How it was entered: by hand, or from an imported trade history. */
  source: z.enum(['manual', 'import']),
  updatedAt: ZInstant,
});
export type TJournalEntry = z.infer<typeof ZJournalEntry>;

const ZMean = z.object({
  /** How many trades it averages. */
  sample: z.number().int(),
  mean: z.number().nullable(),
  /** 95% interval of the mean (normal approximation); null under 2 trades. */
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type TMean = z.infer<typeof ZMean>;

/** The member's trades as figures, each with what it counts. */
export const ZJournalFigures = z.object({
  /** Signals the member journaled, took and skipped. */
  journaled: z.number().int(),
  taken: z.number().int(),
  skipped: z.number().int(),
  /** Taken trades whose result is known. */
  settled: z.number().int(),
  /** Settled trades that paid more than their stake back (a result above 0). */
  winRate: ZRate,
  /** What a settled trade paid on average, per unit of its stake (0.8 = 80 % of the stake). */
  evPerStake: ZMean,
  /** Fill against the signal's entry, in basis points of the entry, positive when worse for the trade. */
  slippageBp: ZMean,
  /**
   * On the settled trades whose signal the record counts: the member's win rate beside the record's
   * first-window rate on the same signals, and the gap in percentage points (yours − the record's).
   */
  versusRecord: z.object({
    yours: ZRate,
    record: ZRate,
    gapPoints: z.number().nullable(),
  }),
});
export type TJournalFigures = z.infer<typeof ZJournalFigures>;

/** `GET /api/users/journal`: the figures, and the latest entries (newest signal first). */
export const ZJournal = z.object({
  figures: ZJournalFigures,
  entries: z.array(ZJournalEntry),
  /** Entries in all (the list holds the latest JOURNAL_LIST_LIMIT). */
  total: z.number().int(),
  /**
   * The record's figures are withheld (its log does not hold, or its witnesses refused it): the record's
   * side of `versusRecord` then counts nothing, as every other figure of the record.
   */
  recordWithheld: z.boolean(),
});
export type TJournal = z.infer<typeof ZJournal>;

export const JOURNAL_LIST_LIMIT = 200;

const zCell = zText({ max: 100, required: JournalMessages.importRow });

/** One row of a broker's trade history, as mapped in the browser: the cells as the file wrote them. */
export const ZJournalImportRow = z
  .object(
    {
      /** The row's line in the file (for the member to find it). */
      line: z
        .number({ error: JournalMessages.importRow })
        .int(JournalMessages.importRow)
        .min(1, JournalMessages.importRow)
        .max(1_000_000, JournalMessages.importRow),
      time: zCell,
      instrument: zCell,
      direction: zCell,
      stake: zCell,
      result: zCell,
    },
    { error: JournalMessages.importRow },
  )
  .strict();
export type TJournalImportRow = z.infer<typeof ZJournalImportRow>;

export const ZJournalImportRequest = z
  .object({
    rows: z
      .array(ZJournalImportRow, { error: JournalMessages.importRows })
      .min(1, JournalMessages.importRows)
      .max(JOURNAL_LIMITS.importRows, JournalMessages.importRows),
    /** Minutes east of UTC for times the file writes without a zone. */
    utcOffsetMinutes: z
      .number({ error: JournalMessages.importOffset })
      .int(JournalMessages.importOffset)
      .min(-720, JournalMessages.importOffset)
      .max(840, JournalMessages.importOffset),
    /** Checks and matches the rows without writing anything (the browser's preview). */
    dryRun: z.boolean({ error: JournalMessages.importDryRun }),
  })
  .strict();
export type TJournalImportRequest = z.infer<typeof ZJournalImportRequest>;

export const ZJournalImportVerdict = z.object({
  line: z.number().int(),
  /** The signal the row was matched to, or null when it has a problem. */
  signalId: z.string().nullable(),
  asset: z.string().nullable(),
  windowStart: ZInstant.nullable(),
  problem: z.string().nullable(),
});
export type TJournalImportVerdict = z.infer<typeof ZJournalImportVerdict>;

export const ZJournalImportResult = z.object({
  rows: z.array(ZJournalImportVerdict),
  /** Trades written (0 on a dry run). */
  imported: z.number().int(),
  dryRun: z.boolean(),
});
export type TJournalImportResult = z.infer<typeof ZJournalImportResult>;
