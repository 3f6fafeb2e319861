/**
 * How a martingale sequence of stakes pays, for every figure that puts money on the signals: the paper
 * trading bot's trades and the track record's equity curve. These are the product's stated assumptions
 * (the pages say so), not a broker's terms: each level stakes twice the one before, a won window pays
 * 80 % of its stake on top of it, a breakeven window returns its stake.
 */
export const STAKE_RULE = { multiplier: 2, payout: 0.8 } as const;

export interface StakeRule {
  multiplier: number;
  payout: number;
}

/** An amount rounded to cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** The stake of martingale level n: the base stake times the multiplier n times. */
export function levelStake(baseStake: number, level: number, rule: StakeRule = STAKE_RULE): number {
  return toCents(baseStake * rule.multiplier ** level);
}

/**
 * The result of playing levels 0 to `lastLevel`: every level before the last is lost; the last pays
 * `rule.payout` of its stake when its window was won, returns it on a breakeven, and is lost otherwise.
 * Unrounded, for expectations (a per-unit figure rounded per signal would drift); money uses sequenceProfit.
 */
export function sequenceResult(
  sequence: { baseStake: number; lastLevel: number; lastWindow: 'profit' | 'loss' | 'breakeven' },
  rule: StakeRule = STAKE_RULE,
): number {
  let profit = 0;
  for (let level = 0; level < sequence.lastLevel; level += 1) profit -= levelStake(sequence.baseStake, level, rule);
  const last = levelStake(sequence.baseStake, sequence.lastLevel, rule);
  if (sequence.lastWindow === 'profit') profit += last * rule.payout;
  else if (sequence.lastWindow === 'loss') profit -= last;
  return profit;
}

/** The result of a sequence of stakes (see sequenceResult), in cents. */
export function sequenceProfit(
  sequence: { baseStake: number; lastLevel: number; lastWindow: 'profit' | 'loss' | 'breakeven' },
  rule: StakeRule = STAKE_RULE,
): number {
  return toCents(sequenceResult(sequence, rule));
}
