import {
  computeWinRateEvidence,
  countLevelOutcomes,
  directionOf,
  EvidenceWords,
  equityCurve,
  formatPValue,
  formatUnits,
  martingaleRunStakes,
  STAKE_RULE,
  type TBacktestReport,
  TIMING,
  winRateHeadline,
} from '@signalroom/shared';
import binomialTest from '@stdlib/stats-binomial-test';
import type { ReplayResult } from './replay.js';

/** Longest run of consecutive signals that `lost` says lost, in slot order. */
function longestRun<T>(items: readonly T[], lost: (item: T) => boolean): number {
  let longest = 0;
  let current = 0;
  for (const item of items) {
    current = lost(item) ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}

/**
 * Every figure of a replay: both win rates with their Wilson interval, break-even at the payout and the
 * expected values (the shared evidence, as the live pages state it), the worst losing streaks, the
 * martingale plan's maximum drawdown (the track record's equity curve, first stake 1 unit) and the
 * exact binomial test of the first windows against a coin flip.
 */
export function backtestReport(
  run: ReplayResult,
  context: Pick<TBacktestReport, 'strategy' | 'source' | 'assets' | 'from' | 'to' | 'windowMs' | 'candles'> & {
    payoutPercent: number;
  },
): TBacktestReport {
  const { signals } = run;
  const facts = signals.map((s) => ({
    asset: s.asset,
    direction: directionOf(s.signalType),
    confidence: s.confidence,
    outcome: s.outcome,
    endLevel: s.endLevel,
    resolvedAt: new Date(s.slot).toISOString(),
  }));
  const plan = {
    baseStake: 1,
    stakeMultiplier: STAKE_RULE.multiplier,
    payoutPercent: context.payoutPercent,
    maxLevel: TIMING.martingaleMaxLevel,
  };
  const won = signals.filter((s) => s.firstWindow === 'won').length;
  const trials = signals.filter((s) => s.firstWindow !== 'breakeven').length;
  const { payoutPercent, ...rest } = context;
  return {
    ...rest,
    candleIntervalMs: run.candleIntervalMs,
    slots: run.slots,
    skipped: run.skipped,
    signals: signals.length,
    evidence: computeWinRateEvidence(countLevelOutcomes(signals), payoutPercent),
    worstLosingStreak: {
      firstWindow: longestRun(signals, (s) => s.firstWindow === 'lost'),
      fullRun: longestRun(signals, (s) => s.outcome === 'loss'),
    },
    maxDrawdownUnits: equityCurve(facts, plan).maxDrawdown,
    coinFlip: { won, trials, pValue: trials > 0 ? binomialTest(won, trials, { p: 0.5 }).pValue : null },
  };
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
const minutes = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);

/** The report as the command prints it: one figure a line, each saying what it is. */
export function formatBacktestReport(r: TBacktestReport): string {
  const e = r.evidence;
  const first = winRateHeadline(e.firstWindow, 'won in the first window');
  const martingale = winRateHeadline(e.withMartingale, 'won with martingale recovery');
  const verdict = (v: keyof typeof EvidenceWords | null) => (v ? `: ${EvidenceWords[v]}` : '');
  const run = martingaleRunStakes();
  const lines = [
    `Backtest of ${r.strategy} on ${r.assets.join(', ')} (${r.source})`,
    `Range: ${r.from} to ${r.to}; ${minutes(r.windowMs)} slots and windows; ${r.candles} candles, read by the strategy as ${minutes(r.candleIntervalMs)} candles`,
    `Slots: ${r.slots}; no data ${r.skipped.noData}, no call ${r.skipped.noDecision}, too close to the end to judge ${r.skipped.unresolved}`,
    `Signals: ${r.signals}`,
    `First-window win rate: ${first ?? 'no signal'}${verdict(e.firstWindow.verdict)}`,
    `Win rate with martingale: ${martingale ?? 'no signal'}${verdict(e.withMartingale.verdict)}`,
    `Break-even at a payout of ${e.payoutPercent}%: ${e.firstWindow.breakEven}% of first windows won; the martingale plan needs at least ${e.withMartingale.breakEven}% of runs won`,
    `Expected value per 1 unit staked, first window alone: ${e.firstWindow.expectedValue === null ? '–' : formatUnits(e.firstWindow.expectedValue)}`,
    `Expected value per signal with the martingale plan (${run.join(' + ')} = ${run.reduce((a, b) => a + b, 0)} units on a full run): ${e.withMartingale.expectedValue === null ? '–' : formatUnits(e.withMartingale.expectedValue)}`,
    `Worst losing streak: ${count(r.worstLosingStreak.firstWindow, 'first window')} lost in a row; ${count(r.worstLosingStreak.fullRun, 'full martingale run')} lost in a row`,
    `Maximum drawdown of the martingale plan (first stake 1 unit): ${r.maxDrawdownUnits.toFixed(2)} units`,
    `p-value against a coin flip (exact binomial test, two-sided, p = 0.5, ${r.coinFlip.won} of ${r.coinFlip.trials} first windows that did not break even): ${r.coinFlip.pValue === null ? '–' : formatPValue(r.coinFlip.pValue)}`,
  ];
  return lines.join('\n');
}
