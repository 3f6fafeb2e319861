import type { TPublicStats } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { formatWinRate } from './use-public-stats.js';

const stats = (winRateFirstWindow: number | null, winRateWithMartingale: number | null = 50): TPublicStats => ({
  members: 3,
  signalsIssued: 200,
  resolvedSignals: winRateFirstWindow === null ? 0 : 200,
  winRateFirstWindow,
  winRateWithMartingale,
  winsByLevel: [0, 0, 0, 0],
  marketsCovered: 4,
  marketSource: 'simulated',
  lastSignalAt: null,
  recordBroken: false,
});

describe('formatWinRate', () => {
  it.each([
    [0, '0%'],
    [0.5, '0.5%'],
    [1, '1%'],
    [99.9, '99.9%'],
    [100, '100%'],
  ])('shows a first-window rate of %s percent as %s (never a fraction read as 100%)', (value, text) => {
    expect(formatWinRate(stats(value), 'firstWindow')).toBe(text);
  });

  it('shows the martingale rate beside it, and nothing before any signal resolved', () => {
    expect(formatWinRate(stats(1, 2.5), 'withMartingale')).toBe('2.5%');
    expect(formatWinRate(stats(null, null), 'firstWindow')).toBeNull();
  });
});
