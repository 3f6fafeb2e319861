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
import { rateOf } from './track-record-stats.js';

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
