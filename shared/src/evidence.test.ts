import { describe, expect, it } from 'vitest';
import {
  breakEvenWinRate,
  countLevelOutcomes,
  DEFAULT_PAYOUT_PERCENT,
  EvidenceWords,
  evidenceVerdict,
  expectedValueFirstWindow,
  expectedValueMartingale,
  formatUnits,
  type LevelOutcomes,
  martingaleBreakEvenWinRate,
  martingaleRunStakes,
  winRateHeadline,
} from './evidence.js';
import { computeWinRateEvidence, ZWinRateEvidence } from './evidence.schemas.js';
import { evidenceSentences } from './evidence-sentences.js';
import { rateOf } from './track-record/stats.js';

/** 12 signals: 8 won in the first window, 2 at L1, 1 at L2, one lost the full run. */
const twelve: LevelOutcomes = { won: [8, 2, 1, 0], breakeven: [0, 0, 0, 0], lost: [0, 0, 0, 1] };

describe('break-even win rates', () => {
  it('is 1 / (1 + payout) for a single trade: 54.1% at 85%, 55.6% at 80%, 50% at 100%', () => {
    expect(breakEvenWinRate(85)).toBe(54.1);
    expect(breakEvenWinRate(80)).toBe(55.6);
    expect(breakEvenWinRate(100)).toBe(50);
  });

  it('stakes 1, 2, 4, 8 on the martingale plan: a full run stakes 15 units', () => {
    expect(martingaleRunStakes()).toEqual([1, 2, 4, 8]);
  });

  // 15 / (15 + 0.85) = 0.94637: a won run pays at most 0.85, a lost one costs 15.
  it('needs at least 94.6% of martingale runs won at 85%', () => {
    expect(martingaleBreakEvenWinRate(85)).toBe(94.6);
    expect(martingaleBreakEvenWinRate(80)).toBe(94.9);
  });

  it('defaults to the payout the stake plan states (80%)', () => {
    expect(DEFAULT_PAYOUT_PERCENT).toBe(80);
  });
});

describe('expected value per unit staked', () => {
  // First window: 8 × 0.85 − 4 × 1 = 2.8 over 12 = 0.2333.
  it('stakes 1 unit on the first window alone', () => {
    expect(expectedValueFirstWindow(twelve, 85)).toBe(0.233);
  });

  // The plan: 8 × 0.85 + 2 × (1.7 − 1) + 1 × (3.4 − 3) − 15 = −6.4 over 12 = −0.5333.
  it('follows the martingale plan from the level each signal won at, or the full loss', () => {
    expect(expectedValueMartingale(twelve, 85)).toBe(-0.533);
  });

  // A breakeven at L2 lost levels 0 and 1 (−3); a stop loss at L1 lost 1 + 2 (−3); first window: −1 each.
  it('counts a later breakeven and a stop loss by the levels they played', () => {
    const o: LevelOutcomes = { won: [0, 0, 0, 0], breakeven: [1, 0, 1, 0], lost: [0, 1, 0, 0] };
    expect(expectedValueMartingale(o, 85)).toBe(-2);
    expect(expectedValueFirstWindow(o, 85)).toBe(-0.667);
  });

  it('is null with nothing resolved', () => {
    const none = countLevelOutcomes([]);
    expect(expectedValueFirstWindow(none, 85)).toBeNull();
    expect(expectedValueMartingale(none, 85)).toBeNull();
  });

  it('counts outcomes at the level each signal ended', () => {
    expect(
      countLevelOutcomes([
        { outcome: 'profit', endLevel: 0 },
        { outcome: 'profit', endLevel: 2 },
        { outcome: 'breakeven', endLevel: 1 },
        { outcome: 'loss', endLevel: 3 },
      ]),
    ).toEqual({ won: [1, 0, 1, 0], breakeven: [0, 1, 0, 0], lost: [0, 0, 0, 1] });
  });
});

describe('evidenceVerdict', () => {
  it('says not yet distinguishable while the interval includes break-even', () => {
    expect(evidenceVerdict(rateOf(8, 12), 54.1)).toBe('not_distinguishable');
    expect(EvidenceWords.not_distinguishable).toBe('not yet distinguishable from break-even');
  });

  it('says above or below once the whole interval is on one side', () => {
    expect(evidenceVerdict(rateOf(90, 100), 54.1)).toBe('above');
    expect(evidenceVerdict(rateOf(10, 100), 54.1)).toBe('below');
  });

  it('claims nothing above a break-even that is only the least possible one', () => {
    expect(evidenceVerdict(rateOf(100, 100), 94.6, { exact: false })).toBeNull();
    expect(evidenceVerdict(rateOf(50, 100), 94.6, { exact: false })).toBe('below');
  });

  it('gives no verdict without a signal', () => {
    expect(evidenceVerdict(rateOf(0, 0), 54.1)).toBeNull();
  });
});

describe('winRateHeadline', () => {
  // Wilson 95% for 8 of 12: 39.1% to 86.2%.
  it('never shows a rate without its count and interval', () => {
    expect(winRateHeadline(rateOf(8, 12), 'won in the first window')).toBe(
      '8 of 12 won in the first window, 67%, 95% CI 39-86%',
    );
    expect(winRateHeadline(rateOf(1, 1), 'won in the first window')).toBe(
      '1 of 1 won in the first window, 100%, 95% CI 21-100%',
    );
  });

  it('is null before anything resolved', () => {
    expect(winRateHeadline(rateOf(0, 0), 'won in the first window')).toBeNull();
  });
});

describe('formatUnits', () => {
  it('signs and rounds to cents of a unit', () => {
    expect(formatUnits(0.2333)).toBe('+0.23 units');
    expect(formatUnits(-0.5333)).toBe('−0.53 units');
    expect(formatUnits(0)).toBe('0.00 units');
  });
});

describe('computeWinRateEvidence', () => {
  it('puts each rate beside its break-even, verdict and expected value', () => {
    const evidence = computeWinRateEvidence(twelve, 85);
    expect(evidence).toEqual({
      payoutPercent: 85,
      runStakes: [1, 2, 4, 8],
      firstWindow: {
        won: 8,
        total: 12,
        percent: 66.7,
        low: 39.1,
        high: 86.2,
        breakEven: 54.1,
        verdict: 'not_distinguishable',
        expectedValue: 0.233,
      },
      withMartingale: {
        won: 11,
        total: 12,
        percent: 91.7,
        low: 64.6,
        high: 98.5,
        breakEven: 94.6,
        verdict: 'not_distinguishable',
        expectedValue: -0.533,
      },
    });
    expect(ZWinRateEvidence.parse(evidence)).toEqual(evidence);
  });
});

describe('evidenceSentences', () => {
  it('says every figure a trader needs beside the rates', () => {
    expect(evidenceSentences(computeWinRateEvidence(twelve, 85))).toEqual({
      breakEven: 'At a payout of 85% a single trade breaks even at a win rate of 54.1%.',
      firstWindow: '8 of 12 won in the first window, 67%, 95% CI 39-86%: not yet distinguishable from break-even.',
      withMartingale:
        '11 of 12 won with martingale recovery, 92%, 95% CI 65-99%: not yet distinguishable from break-even. ' +
        'The martingale plan breaks even only above 94.6% of runs won (a lost run costs 15 units, a won one pays at most 0.85).',
      expectedValue:
        'Expected value per 1 unit staked: +0.23 units a signal on the first window alone; ' +
        '−0.53 units a signal with the martingale plan (1 + 2 + 4 + 8 = 15 units staked on a full run).',
    });
  });

  it('says where the record breakevens move a break-even, beside the plain one', () => {
    // 4 of 10 won in the first window, 2 broke even there, 4 lost full runs.
    const record = { won: [4, 0, 0, 0], breakeven: [2, 0, 0, 0], lost: [0, 0, 0, 4] };
    const sentences = evidenceSentences(computeWinRateEvidence(record, 80));
    expect(sentences.breakEven).toBe(
      "At a payout of 80% a single trade breaks even at a win rate of 55.6%. Counting the record's first-window breakevens as the rate does (a non-win that returns the stake), its first-window rate breaks even at 44.4%.",
    );
    // Non-wins cost (0 + 0 + 4 × 15) / 6 = 10 units on average: 10 / 10.8 = 92.6 %.
    expect(sentences.withMartingale).toContain(
      "breaks even only above 92.6% of runs won (counting what the record's runs that did not win cost, 15 units for a full lost run and less for a breakeven or a stop; a won one pays at most 0.8).",
    );
  });

  it('states only the break-even before anything resolved', () => {
    const sentences = evidenceSentences(computeWinRateEvidence(countLevelOutcomes([]), 80));
    expect(sentences).toEqual({
      breakEven: 'At a payout of 80% a single trade breaks even at a win rate of 55.6%.',
      firstWindow: null,
      withMartingale: null,
      expectedValue: null,
    });
  });
});

describe('break-even on the rates own footing (breakevens are non-wins in both)', () => {
  const outcomes = (won: number[], breakeven: number[], lost: number[]) => ({ won, breakeven, lost });

  it('lowers the first-window break-even by the share of first-window breakevens', () => {
    // 20 of 100 broke even in the first window: w × 0.8 = 0.8 − w, w = 44.4 %.
    expect(breakEvenWinRate(80, outcomes([50, 0, 0, 0], [20, 0, 0, 0], [0, 0, 0, 30]))).toBe(44.4);
    expect(breakEvenWinRate(80)).toBe(55.6);
  });

  it('weighs the martingale plan non-wins by what each cost', () => {
    // 10 broke even at level 2 (3 units lost before), 10 lost a full run (15): non-wins cost 9 on average,
    // w × 0.8 = (1 − w) × 9, w = 91.8 %.
    expect(martingaleBreakEvenWinRate(80, outcomes([80, 0, 0, 0], [0, 0, 10, 0], [0, 0, 0, 10]))).toBe(91.8);
    expect(martingaleBreakEvenWinRate(80)).toBe(94.9);
  });

  it.each([
    ['many first-window breakevens', outcomes([47, 4, 2, 1], [17, 0, 0, 0], [0, 0, 0, 9])],
    ['breakevens at later levels', outcomes([40, 10, 5, 2], [2, 3, 4, 1], [0, 0, 1, 12])],
    ['no breakeven', outcomes([45, 20, 8, 3], [0, 0, 0, 0], [0, 0, 0, 4])],
    // As many first-window breakevens as wins: 37.5 % won, yet each signal makes +0.05 units.
    ['as many breakevens as wins', outcomes([30, 0, 0, 0], [30, 0, 0, 0], [20, 0, 0, 0])],
    // The martingale rate (55 %) is far under the plan's no-breakeven floor (94.9 %), yet it makes money.
    ['breakevens carrying the martingale plan', outcomes([30, 5, 2, 1], [30, 0, 0, 0], [0, 0, 0, 1])],
    ['a losing record', outcomes([20, 10, 5, 3], [6, 2, 0, 0], [0, 0, 0, 14])],
  ])('never calls a first-window rate with a positive expected value below break-even (%s)', (_, record) => {
    const evidence = computeWinRateEvidence(record, 80);
    const first = evidence.firstWindow;
    const ev = first.expectedValue ?? 0;
    // The rate's side of the break-even is the sign of its expected value (both rounded as shown).
    if (Math.abs(ev) > 0.005) expect(Math.sign((first.percent ?? 0) - first.breakEven)).toBe(Math.sign(ev));
    const martingale = evidence.withMartingale;
    if ((martingale.expectedValue ?? 0) > 0) expect(martingale.verdict).not.toBe('below');
  });
});
