import { computeWinRateEvidence, type TPublicStats } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { formatWinRate, rateSample } from './use-public-stats.js';

/** Figures of `total` resolved signals: `first` won in the first window, `recovered` more at L1. */
const stats = (first: number, total: number, recovered = 0): TPublicStats => {
  const evidence = computeWinRateEvidence(
    { won: [first, recovered, 0, 0], breakeven: [0, 0, 0, 0], lost: [0, 0, 0, total - first - recovered] },
    80,
  );
  return {
    members: 3,
    signalsIssued: 200,
    resolvedSignals: total,
    winRateFirstWindow: evidence.firstWindow.percent,
    winRateWithMartingale: evidence.withMartingale.percent,
    winsByLevel: [first, recovered, 0, 0],
    marketsCovered: 4,
    marketSource: 'simulated',
    lastSignalAt: null,
    evidence,
    recordBroken: false,
  };
};

describe('formatWinRate', () => {
  it.each([
    [0, 200, '0%'],
    [1, 200, '0.5%'],
    [1, 100, '1%'],
    [999, 1000, '99.9%'],
    [5, 5, '100%'],
  ])('shows %s won of %s as %s (never a fraction read as 100%)', (won, total, text) => {
    expect(formatWinRate(stats(won, total), 'firstWindow')).toBe(text);
  });

  it('shows the martingale rate beside it, and nothing before any signal resolved', () => {
    expect(formatWinRate(stats(1, 40, 0), 'withMartingale')).toBe('2.5%');
    expect(formatWinRate(stats(0, 0), 'firstWindow')).toBeNull();
  });
});

describe('rateSample', () => {
  it('gives the count and the 95% interval of a rate', () => {
    expect(rateSample(stats(8, 12), 'firstWindow')).toBe('8 of 12, 95% CI 39.1–86.2%');
    expect(rateSample(stats(0, 0), 'firstWindow')).toBeNull();
  });
});
