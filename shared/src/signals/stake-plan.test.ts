import { describe, expect, it } from 'vitest';
import { levelStake, sequenceProfit } from './stake-plan.js';

describe('stake plan', () => {
  it('doubles the stake at each martingale level', () => {
    expect([0, 1, 2, 3].map((level) => levelStake(10, level))).toEqual([10, 20, 40, 80]);
  });

  it.each([
    // $10 base: a first-window win pays 80 % of 10.
    [0, 'profit', 8],
    // Lost 10, won the second window's 20 at 80 %: -10 + 16.
    [1, 'profit', 6],
    // Lost 10 + 20 + 40, won 80 at 80 %: -70 + 64.
    [3, 'profit', -6],
    // Breakeven returns the last stake: only the earlier ones are lost.
    [2, 'breakeven', -30],
    // Every level lost: 10 + 20 + 40 + 80.
    [3, 'loss', -150],
  ] as const)('level %i ending in %s: %d', (lastLevel, lastWindow, profit) => {
    expect(sequenceProfit({ baseStake: 10, lastLevel, lastWindow })).toBe(profit);
  });
});
