import { journalFigures, meanOf, rateOf } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { evText, signed, slippageText, versusRecordText, winRateText } from './figure-text.js';

describe('the journal figures as sentences', () => {
  it('writes a sign on every number, a true minus for a loss, and no sign on zero', () => {
    expect(signed(0.12, 3)).toBe('+0.120');
    expect(signed(-0.05, 3)).toBe('−0.050');
    expect(signed(-0.00001, 3)).toBe('0.000');
    expect(signed(-10, 1)).toBe('−10.0');
  });

  it('gives the win rate with its sample and interval', () => {
    expect(winRateText(rateOf(12, 20))).toBe('60.0% (12 of 20 settled trades; 95% interval 38.7–78.1%)');
    expect(winRateText(rateOf(1, 1))).toMatch(/^100\.0% \(1 of 1 settled trade; 95% interval/);
    expect(winRateText(rateOf(0, 0))).toBeNull();
  });

  it('gives the EV per unit staked with its sample and interval, or says one trade has none', () => {
    expect(evText({ sample: 20, mean: 0.12, low: -0.05, high: 0.29 })).toBe(
      '+0.120 of the stake per trade (20 trades; 95% interval −0.050 to +0.290)',
    );
    expect(evText(meanOf([-1], 3))).toBe('−1.000 of the stake per trade (1 trade; too few for an interval)');
    expect(evText(meanOf([], 3))).toBeNull();
  });

  it('says which way the fills slipped, in basis points', () => {
    expect(slippageText({ sample: 18, mean: 1.2, low: -0.3, high: 2.7 })).toBe(
      "1.2 bp worse than the signal's entry on average (18 fills; 95% interval −0.3 bp to +2.7 bp)",
    );
    expect(slippageText({ sample: 2, mean: -0.8, low: -1.5, high: -0.1 })).toMatch(/^0\.8 bp better than/);
    expect(slippageText({ sample: 2, mean: 0, low: -1, high: 1 })).toMatch(
      /^0\.0 bp from the signal's entry on average/,
    );
    expect(slippageText(meanOf([], 1))).toBeNull();
  });

  it('sets the member beside the record on the same signals, with the gap', () => {
    const figures = journalFigures([
      ...Array.from({ length: 6 }, () => fact(8, true)),
      ...Array.from({ length: 4 }, () => fact(-10, false)),
      fact(-10, true),
    ]);
    expect(versusRecordText(figures.versusRecord)).toBe('you 54.5%, the record 63.6% (gap −9.1 points)');
    expect(versusRecordText(journalFigures([fact(8, null)]).versusRecord)).toBeNull();
  });
});

function fact(result: number, recordFirstWindowWon: boolean | null) {
  return {
    taken: true,
    stake: 10,
    fillPrice: null,
    result,
    direction: 'CALL' as const,
    entryPrice: 1.08,
    recordFirstWindowWon,
  };
}
