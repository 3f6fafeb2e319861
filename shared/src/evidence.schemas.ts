import { z } from 'zod';
import {
  breakEvenWinRate,
  EVIDENCE_VERDICTS,
  evidenceVerdict,
  expectedValueFirstWindow,
  expectedValueMartingale,
  type LevelOutcomes,
  martingaleBreakEvenWinRate,
  martingaleRunStakes,
  outcomesTotal,
} from './evidence.js';
import { rateOf, ZRate } from './track-record/stats.js';

/** A win rate with what a trader needs beside it: its break-even at the payout, the verdict, the expected value. */
export const ZRateEvidence = ZRate.extend({
  /**
   * The rate that breaks even at the payout, percent: exact for the first window (1 / (1 + payout)); for
   * the martingale plan the least rate that could (every win in the first window), a higher one otherwise.
   */
  breakEven: z.number(),
  /** How the 95% interval stands against `breakEven` (see evidenceVerdict); null when there is none to give. */
  verdict: z.enum(EVIDENCE_VERDICTS).nullable(),
  /** Expected result per signal in units, for a first stake of 1 unit; null before any signal resolved. */
  expectedValue: z.number().nullable(),
});
export type TRateEvidence = z.infer<typeof ZRateEvidence>;

/** The evidence behind both win rates, at the operator's payout (PAYOUT_PERCENT). */
export const ZWinRateEvidence = z.object({
  payoutPercent: z.number(),
  /** The martingale plan's stakes for a first stake of 1 unit (1, 2, 4, 8). */
  runStakes: z.array(z.number()),
  firstWindow: ZRateEvidence,
  withMartingale: ZRateEvidence,
});
export type TWinRateEvidence = z.infer<typeof ZWinRateEvidence>;

/** Both rates of resolved signals, each with its Wilson interval, break-even, verdict and expected value. */
export function computeWinRateEvidence(outcomes: LevelOutcomes, payoutPercent: number): TWinRateEvidence {
  const total = outcomesTotal(outcomes);
  const firstWindow = rateOf(outcomes.won[0] ?? 0, total);
  const withMartingale = rateOf(
    outcomes.won.reduce((a, b) => a + b, 0),
    total,
  );
  // Judged on the rates' own footing: the record's breakevens count as non-wins in both.
  const firstBreakEven = breakEvenWinRate(payoutPercent, outcomes);
  const martingaleBreakEven = martingaleBreakEvenWinRate(payoutPercent, outcomes);
  return {
    payoutPercent,
    runStakes: martingaleRunStakes(),
    firstWindow: {
      ...firstWindow,
      breakEven: firstBreakEven,
      verdict: evidenceVerdict(firstWindow, firstBreakEven),
      expectedValue: expectedValueFirstWindow(outcomes, payoutPercent),
    },
    withMartingale: {
      ...withMartingale,
      breakEven: martingaleBreakEven,
      verdict: evidenceVerdict(withMartingale, martingaleBreakEven, { exact: false }),
      expectedValue: expectedValueMartingale(outcomes, payoutPercent),
    },
  };
}
