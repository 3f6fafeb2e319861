import { z } from 'zod';
import { ZWinRateEvidence } from './evidence.schemas.js';
import { ZInstant } from './iso-date.js';
import { ZDirection } from './signals/direction.js';

/** Resolved signals and wins of one group (an asset or a direction). */
const ZGroupRecord = {
  total: z.number().int(),
  /** Won at any martingale level. */
  won: z.number().int(),
  /** Won in the first (primary) window, level 0. */
  wonFirstWindow: z.number().int(),
};

/**
 * Statistics from resolved signals only; `empty` until the first one resolves. There are two win rates
 * and never one unqualified rate: a win at martingale level 1-3 is a recovery, not a first-window win.
 * Rates are percentages (0-100) with one decimal, null before anything resolved.
 */
export const ZPerformanceStats = z.object({
  empty: z.boolean(),
  totalSignals: z.number().int(),
  /** Won at any level (first window or martingale recovery). */
  wonSignals: z.number().int(),
  lostSignals: z.number().int(),
  breakevenSignals: z.number().int(),
  /** Won in the first window (level 0) out of all resolved, percent. */
  winRateFirstWindow: z.number().nullable(),
  /** Won at any level (first window or martingale recovery) out of all resolved, percent. */
  winRateWithMartingale: z.number().nullable(),
  avgConfidence: z.number().nullable(),
  /** Wins per martingale level: index 0 is the first window, 1-3 the recovery levels. */
  winsByLevel: z.array(z.number().int()),
  byAsset: z.array(z.object({ asset: z.string(), ...ZGroupRecord })),
  byDirection: z.array(z.object({ direction: ZDirection, ...ZGroupRecord })),
  longestLosingStreak: z.number().int(),
  /** Both rates with their sample, interval, break-even at the payout and expected value per unit. */
  evidence: ZWinRateEvidence,
  /**
   * True while the server's own check finds the track record broken: these figures are not backed by an
   * intact record, and pages show the break instead of them. Set by the server (absent from the worker).
   */
  recordBroken: z.boolean().optional(),
});
export type TPerformanceStats = z.infer<typeof ZPerformanceStats>;

/** Landing-page figures, all counted from records (docs/decisions.md, "Honest by construction"). */
export const ZPublicStats = z.object({
  members: z.number().int(),
  signalsIssued: z.number().int(),
  resolvedSignals: z.number().int(),
  /** The rate public pages lead with: won in the first window, percent; null before anything resolved. */
  winRateFirstWindow: z.number().nullable(),
  /** Won at any level, martingale recovery included, percent; null before anything resolved. */
  winRateWithMartingale: z.number().nullable(),
  winsByLevel: z.array(z.number().int()),
  marketsCovered: z.number().int(),
  /** The feed's id ('simulated', 'oanda:practice', 'ccxt:binance', 'http'). */
  marketSource: z.string(),
  /** When the newest signal was issued (ISO), null before the first: tells whether the room is live. */
  lastSignalAt: ZInstant.nullable(),
  /** Both rates with their sample, interval, break-even at the payout and expected value per unit. */
  evidence: ZWinRateEvidence,
  /** True while the server's own check finds the track record broken: the rates are withheld (null). */
  recordBroken: z.boolean(),
});
export type TPublicStats = z.infer<typeof ZPublicStats>;
