import { TIMING } from './constants.js';
import { levelStake, STAKE_RULE, type StakeRule, sequenceResult } from './signals/stake-plan.js';
import type { TRate } from './track-record/stats.js';

/**
 * What a win rate is worth to a trader who follows the signals as fixed-expiry trades: a won window pays
 * the broker's payout on the stake, a lost one loses the stake, a breakeven returns it. From the payout
 * follow the win rate that breaks even and, with the record's results per martingale level, the
 * expected value per unit staked. Pure rules, no zod: the landing page imports the words from here.
 */

/**
 * The payout assumed when the operator sets none (PAYOUT_PERCENT): 80 %, in the lower part of what brokers
 * commonly pay on major pairs (roughly 70 to 92 %), and the payout the stake plan of the bot and the
 * equity curve state, so every figure of a default install agrees. Erring low never flatters the record:
 * a lower payout raises the break-even.
 */
export const DEFAULT_PAYOUT_PERCENT = STAKE_RULE.payout * 100;

/** How many resolved signals ended at each martingale level, and how (index = level, 0 to 3). */
export interface LevelOutcomes {
  won: number[];
  breakeven: number[];
  /** Lost with this level as the last one played (level 3 for a full run; earlier only on a stop loss). */
  lost: number[];
}

/** Empty counts, one slot per martingale level. */
export function emptyLevelOutcomes(maxLevel: number = TIMING.martingaleMaxLevel): LevelOutcomes {
  const zeros = () => Array.from({ length: maxLevel + 1 }, () => 0);
  return { won: zeros(), breakeven: zeros(), lost: zeros() };
}

/** Counts each signal's outcome at the level it ended (where it won or broke even, or the last level played). */
export function countLevelOutcomes(
  signals: Iterable<{ outcome: 'profit' | 'loss' | 'breakeven'; endLevel: number }>,
): LevelOutcomes {
  const counts = emptyLevelOutcomes();
  for (const s of signals) {
    const row = s.outcome === 'profit' ? counts.won : s.outcome === 'breakeven' ? counts.breakeven : counts.lost;
    row[s.endLevel] = (row[s.endLevel] ?? 0) + 1;
  }
  return counts;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Resolved signals in the counts. */
export function outcomesTotal(o: LevelOutcomes): number {
  return sum(o.won) + sum(o.breakeven) + sum(o.lost);
}

/** The stake rule at a payout in percent (the martingale's doubling stays the product's). */
export function stakeRuleAt(payoutPercent: number): StakeRule {
  return { multiplier: STAKE_RULE.multiplier, payout: payoutPercent / 100 };
}

/** Stakes of the martingale plan's levels for a first stake of 1 unit: 1, 2, 4, 8 (a full run stakes 15). */
export function martingaleRunStakes(maxLevel: number = TIMING.martingaleMaxLevel): number[] {
  return Array.from({ length: maxLevel + 1 }, (_, level) => levelStake(1, level));
}

/**
 * The first-window win rate at which a fixed-expiry trade neither makes nor loses money, in percent with
 * one decimal. A win pays `payout` per unit and a loss costs the unit; a first-window breakeven returns
 * it, and the rate counts it as a non-win, so the break-even is judged on the same footing: with b the
 * record's share of first-window breakevens, w × payout = (1 − w − b), w = (1 − b) / (1 + payout).
 * With no breakeven (or no record given): 54.1 % at an 85 % payout, 55.6 % at 80 %.
 */
export function breakEvenWinRate(payoutPercent: number, outcomes?: LevelOutcomes): number {
  const total = outcomes ? outcomesTotal(outcomes) : 0;
  const share = outcomes && total > 0 ? (outcomes.breakeven[0] ?? 0) / total : 0;
  return round1(((1 - share) / (1 + payoutPercent / 100)) * 100);
}

/**
 * The least win rate (any level) at which the martingale plan can break even. A won run pays at most the
 * payout on the first unit (a win at a later level pays less, after the 1 + 2 + ... units lost before
 * it); a signal that did not win costs what its levels cost: a full lost run 15 units, a run a stop loss
 * ended earlier less, a breakeven at level k the 2^k − 1 units lost before it. The rate counts every
 * such signal as a non-win, so the floor is judged on the record's own non-wins: with C their average
 * cost, w × payout = (1 − w) × C at best, w = C / (C + payout). With no record (or no non-win) C is a
 * full run: 94.6 % at an 85 % payout. A higher rate is needed when wins come at later levels.
 */
export function martingaleBreakEvenWinRate(payoutPercent: number, outcomes?: LevelOutcomes): number {
  let cost = sum(martingaleRunStakes());
  const nonWins = outcomes ? outcomesTotal(outcomes) - sum(outcomes.won) : 0;
  if (outcomes && nonWins > 0) {
    const lostBefore = (level: number) => levelStake(1, level) - 1;
    const spent =
      outcomes.breakeven.reduce((acc, count, level) => acc + count * lostBefore(level), 0) +
      outcomes.lost.reduce((acc, count, level) => acc + count * lostBefore(level + 1), 0);
    cost = spent / nonWins;
  }
  return round1((cost / (cost + payoutPercent / 100)) * 100);
}

/**
 * Expected result per signal, in units, for a trader who stakes 1 unit on the first window only: +payout
 * for a first window won, 0 for a first-window breakeven, −1 otherwise. Three decimals; null with no signal.
 */
export function expectedValueFirstWindow(o: LevelOutcomes, payoutPercent: number): number | null {
  const total = outcomesTotal(o);
  if (total === 0) return null;
  const won = o.won[0] ?? 0;
  const even = o.breakeven[0] ?? 0;
  const rule = stakeRuleAt(payoutPercent);
  const win = sequenceResult({ baseStake: 1, lastLevel: 0, lastWindow: 'profit' }, rule);
  const loss = sequenceResult({ baseStake: 1, lastLevel: 0, lastWindow: 'loss' }, rule);
  return round3((won * win + (total - won - even) * loss) / total);
}

/**
 * Expected result per signal, in units, for a trader who follows the martingale plan from a first stake
 * of 1 unit (1, 2, 4, 8: a full run stakes 15): each signal pays what its sequence paid at the level it
 * ended (won there, broke even there, or lost every level played). Three decimals; null with no signal.
 */
export function expectedValueMartingale(o: LevelOutcomes, payoutPercent: number): number | null {
  const total = outcomesTotal(o);
  if (total === 0) return null;
  const rule = stakeRuleAt(payoutPercent);
  let result = 0;
  const rows = [
    ['profit', o.won],
    ['breakeven', o.breakeven],
    ['loss', o.lost],
  ] as const;
  for (const [lastWindow, counts] of rows) {
    counts.forEach((count, lastLevel) => {
      if (count) result += count * sequenceResult({ baseStake: 1, lastLevel, lastWindow }, rule);
    });
  }
  return round3(result / total);
}

export const EVIDENCE_VERDICTS = ['above', 'below', 'not_distinguishable'] as const;
export type EvidenceVerdict = (typeof EVIDENCE_VERDICTS)[number];

/**
 * Where a rate's 95 % interval stands against a break-even rate, judged on the figures as shown (one
 * decimal): inside it, "not yet distinguishable"; wholly above or below, above or below. With `exact:
 * false` the break-even is only the least rate that could break even (the martingale plan's), so a rate
 * above it proves nothing and gets no verdict (its expected value is the test). Null with no signal.
 */
export function evidenceVerdict(
  rate: Pick<TRate, 'low' | 'high'>,
  breakEven: number,
  options: { exact: boolean } = { exact: true },
): EvidenceVerdict | null {
  if (rate.low === null || rate.high === null) return null;
  if (rate.high < breakEven) return 'below';
  if (rate.low > breakEven) return options.exact ? 'above' : null;
  return 'not_distinguishable';
}

/** The plain sentence for a verdict, as every page says it. */
export const EvidenceWords = {
  not_distinguishable: 'not yet distinguishable from break-even',
  above: 'above break-even (the whole 95% interval is above it)',
  below: 'below break-even (the whole 95% interval is below it)',
} as const satisfies Record<EvidenceVerdict, string>;

const whole = (percent: number) => `${Math.round(percent)}%`;

/**
 * A win rate with its sample, never bare: "8 of 12 won in the first window, 67%, 95% CI 39-86%".
 * `what` names the rate ("won in the first window", "won with martingale recovery"). Null before any signal.
 */
export function winRateHeadline(rate: TRate, what: string): string | null {
  if (rate.total === 0 || rate.percent === null || rate.low === null || rate.high === null) return null;
  return `${rate.won} of ${rate.total} ${what}, ${whole(rate.percent)}, 95% CI ${Math.round(rate.low)}-${whole(rate.high)}`;
}

/** Units with their sign and two decimals: "+0.23 units", "−1.40 units". */
export function formatUnits(units: number): string {
  const rounded = Math.round(units * 100) / 100;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '';
  return `${sign}${Math.abs(rounded).toFixed(2)} units`;
}

/** A p-value as people read it: four significant digits, or "< 0.0001". */
export function formatPValue(p: number): string {
  return p < 0.0001 ? '< 0.0001' : p.toPrecision(4).replace(/\.?0+$/, '');
}
