import {
  breakEvenWinRate,
  type EvidenceVerdict,
  EvidenceWords,
  formatUnits,
  martingaleBreakEvenWinRate,
  winRateHeadline,
} from './evidence.js';
import type { TWinRateEvidence } from './evidence.schemas.js';

/** The evidence's sentences, as every page that shows a win rate says them (one wording everywhere). */
export interface EvidenceSentences {
  /** "At a payout of 85% a single trade breaks even at a win rate of 54.1%." */
  breakEven: string;
  /** "8 of 12 won in the first window, 67%, 95% CI 39-86%: not yet distinguishable from break-even." */
  firstWindow: string | null;
  /** The rate with martingale recovery, with the least rate at which the plan could break even. */
  withMartingale: string | null;
  /** Expected value per 1 unit staked, first window alone and with the martingale plan. */
  expectedValue: string | null;
}

export function evidenceSentences(e: TWinRateEvidence): EvidenceSentences {
  const first = winRateHeadline(e.firstWindow, 'won in the first window');
  const martingale = winRateHeadline(e.withMartingale, 'won with martingale recovery');
  const verdict = (v: EvidenceVerdict | null) => (v ? `: ${EvidenceWords[v]}` : '');
  const run = e.runStakes.join(' + ');
  const runTotal = e.runStakes.reduce((a, b) => a + b, 0);
  const { expectedValue: evFirst } = e.firstWindow;
  const { expectedValue: evRun } = e.withMartingale;
  // The verdicts judge each rate against a break-even that counts the record's breakevens as the rate
  // does; where that moves it from the plain figure, the sentence says both.
  const plainFirst = breakEvenWinRate(e.payoutPercent);
  const plainRun = martingaleBreakEvenWinRate(e.payoutPercent);
  const firstOnRecord =
    e.firstWindow.breakEven === plainFirst
      ? ''
      : ` Counting the record's first-window breakevens as the rate does (a non-win that returns the stake), its first-window rate breaks even at ${e.firstWindow.breakEven}%.`;
  const pays = `a won one pays at most ${e.payoutPercent / 100}`;
  const runCost =
    e.withMartingale.breakEven === plainRun
      ? `a lost run costs ${runTotal} units, ${pays}`
      : `counting what the record's runs that did not win cost, ${runTotal} units for a full lost run and less for a breakeven or a stop; ${pays}`;
  return {
    breakEven: `At a payout of ${e.payoutPercent}% a single trade breaks even at a win rate of ${plainFirst}%.${firstOnRecord}`,
    firstWindow: first && `${first}${verdict(e.firstWindow.verdict)}.`,
    withMartingale:
      martingale &&
      `${martingale}${verdict(e.withMartingale.verdict)}. The martingale plan breaks even only above ` +
        `${e.withMartingale.breakEven}% of runs won (${runCost}).`,
    expectedValue:
      evFirst === null || evRun === null
        ? null
        : `Expected value per 1 unit staked: ${formatUnits(evFirst)} a signal on the first window alone; ` +
          `${formatUnits(evRun)} a signal with the martingale plan (${run} = ${runTotal} units staked on a full run).`,
  };
}
