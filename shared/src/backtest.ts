import { z } from 'zod';
import { ZWinRateEvidence } from './evidence.schemas.js';
import { ZInstant } from './iso-date.js';

/**
 * A backtest: the engine's strategy replayed slot by slot over history, each signal judged with the
 * shared outcome rules, and every figure a trader needs to judge it. The worker computes it (the
 * `npm run backtest` command prints it; the server runs one on its own feed's history and stores it for
 * the Gold Room), so it is defined here once.
 */
export const ZBacktestReport = z.object({
  /** The strategy replayed (its name and version, as signals carry it). */
  strategy: z.string(),
  /** Where the candles came from: a feed name (`simulated`, `http` ...) or a candles file. */
  source: z.string(),
  /** The instruments replayed: one for the command, the engine's list for the server's own run. */
  assets: z.array(z.string()),
  from: ZInstant,
  to: ZInstant,
  windowMs: z.number().int().positive(),
  /** The candles the strategy read (their length) and how many candles the history held. */
  candleIntervalMs: z.number().int().positive(),
  candles: z.number().int(),
  /** Slots in the range; those that gave no signal, by reason. */
  slots: z.number().int(),
  skipped: z.object({
    /** The history had no price at the slot, or too few candles before it (a gap, a closed market). */
    noData: z.number().int(),
    /** The strategy made no call (a flat market). */
    noDecision: z.number().int(),
    /** Issued too close to the end of the history for its windows to be judged: left out. */
    unresolved: z.number().int(),
  }),
  signals: z.number().int(),
  /** Both win rates with their Wilson interval, break-even at the payout and expected value per unit. */
  evidence: ZWinRateEvidence,
  /** Most signals in a row that lost their first window, and that lost the whole martingale run. */
  worstLosingStreak: z.object({ firstWindow: z.number().int(), fullRun: z.number().int() }),
  /** Largest fall from a peak of the martingale plan's equity, first stake 1 unit, in units. */
  maxDrawdownUnits: z.number(),
  /**
   * Two-sided exact binomial test of the first windows won against a coin flip (p = 0.5), over the
   * first windows that did not break even; null with none.
   */
  coinFlip: z.object({ won: z.number().int(), trials: z.number().int(), pValue: z.number().nullable() }),
});
export type TBacktestReport = z.infer<typeof ZBacktestReport>;

/** A stored backtest as the Gold Room reads it. */
export const ZStoredBacktest = z.object({ id: z.string(), ranAt: ZInstant, report: ZBacktestReport });
export type TStoredBacktest = z.infer<typeof ZStoredBacktest>;
