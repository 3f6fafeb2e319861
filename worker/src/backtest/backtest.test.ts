import { readFile } from 'node:fs/promises';
import type { Candle } from '@signalroom/shared-node/market';
import { describe, expect, it } from 'vitest';
import { MomentumStrategy } from '../strategy/momentum-strategy.js';
import type { Strategy } from '../strategy/strategy.js';
import { parseCandleCsv } from './candle-csv.js';
import { CandleHistory } from './candle-history.js';
import { candlesCsv, generatedCandles, SHIPPED_CANDLES } from './generated-candles.js';
import { replay } from './replay.js';
import { formatBacktestReport } from './report.js';
import { backtestHistories } from './run-backtest.js';

const MIN = 60_000;
const WINDOW = 5 * MIN;
const b0 = Date.parse('2026-01-05T00:00:00Z');

/** Buys every slot at 60 %, reading the last 1-minute candle only: its calls need no computing by hand. */
const alwaysBuy: Strategy = {
  name: 'always-buy',
  lookback: () => ({ intervalMs: MIN, count: 1 }),
  evaluate: () => ({ signalType: 'buy', confidence: 60, stopLoss: null, takeProfit: null, analysis: '' }),
};

/**
 * Moves between 5-minute boundaries: U up 0.001, D down, F flat. Signal k enters at boundary k and plays
 * its windows on moves k, k+1, ... (a buy wins on U), so by hand:
 *   k0 L0 · k1 L1 · k2 L0 · k3 L2 · k4 L1 · k5 L0 · k6 lost the full run (DDDD) · k7 L3 · k8 L2 · k9 L1 ·
 *   k10 L0 · k11 breakeven L0 · k12-k17 L0.
 */
const MOVES = 'UDUDDUDDDDUFUUUUUU';

/** 1-minute candles from a minute before boundary 0 to boundary 18, each closing at its boundary's price. */
function handCandles(): Candle[] {
  const prices = [1];
  for (const move of MOVES) prices.push((prices.at(-1) as number) + (move === 'U' ? 0.001 : move === 'D' ? -0.001 : 0));
  const candles: Candle[] = [];
  for (let t = b0 - MIN; t < b0 + MOVES.length * WINDOW; t += MIN) {
    const close = prices[Math.ceil((t + MIN - b0) / WINDOW)] as number;
    candles.push({ time: new Date(t), open: close, high: close, low: close, close });
  }
  return candles;
}

describe('backtest figures, against a case computed by hand', () => {
  it('prints every figure of the small case as computed by hand', () => {
    const report = backtestHistories(new Map([['EUR/USD', new CandleHistory(handCandles())]]), {
      strategy: alwaysBuy,
      windowMs: WINDOW,
      from: b0,
      to: b0 + MOVES.length * WINDOW,
      payoutPercent: 85,
      source: 'hand-made candles',
    });
    // 18 signals: first window won 10 (k0 k2 k5 k10 k12-k17), broke even 1 (k11), lost 7.
    //   Wilson 95 % of 10/18 (z = 1.95996): centre 0.54578, half-width 0.20862 → 33.7-75.4 %.
    //   With martingale: 16/18 won (all but k6 lost and k11 even) → 67.2-96.9 %.
    // Break-even at 85 %: 1 / 1.85 = 54.1 %; the plan at least 15 / 15.85 = 94.6 %.
    // Expected value, first window alone: (10 × 0.85 − 7) / 18 = 0.083 units.
    //   With the plan: 10 × 0.85 + 3 × (1.7 − 1) + 2 × (3.4 − 3) + 1 × (6.8 − 7) + 0 − 15 = −3.8; / 18 = −0.211.
    // Streaks: k6-k9 lost their first window (4); only k6 lost the full run (1).
    // Drawdown: +0.85 +0.7 +0.85 +0.4 +0.7 +0.85 = 4.35 (peak), −15 → −10.65, −0.2 → −10.85 (low): 15.20 units.
    // Coin flip: 10 won of 17 first windows that did not break even: 2 × Σ C(17, 10..17) / 2^17
    //   = 2 × 41,226 / 131,072 = 0.6291.
    expect(formatBacktestReport(report).split('\n')).toEqual([
      'Backtest of always-buy on EUR/USD (hand-made candles)',
      'Range: 2026-01-05T00:00:00.000Z to 2026-01-05T01:30:00.000Z; 5 min slots and windows; 91 candles, read by the strategy as 1 min candles',
      'Slots: 18; no data 0, no call 0, too close to the end to judge 0',
      'Signals: 18',
      'First-window win rate: 10 of 18 won in the first window, 56%, 95% CI 34-75%: not yet distinguishable from break-even',
      'Win rate with martingale: 16 of 18 won with martingale recovery, 89%, 95% CI 67-97%: not yet distinguishable from break-even',
      // One first-window breakeven of 18: (1 − 1/18) / 1.85 = 51.1 %; the two non-wins (that breakeven,
      // costing 0, and a full run, 15) cost 7.5 on average: 7.5 / (7.5 + 0.85) = 89.8 %.
      'Break-even at a payout of 85%: 51.1% of first windows won; the martingale plan needs at least 89.8% of runs won',
      'Expected value per 1 unit staked, first window alone: +0.08 units',
      'Expected value per signal with the martingale plan (1 + 2 + 4 + 8 = 15 units on a full run): −0.21 units',
      'Worst losing streak: 4 first windows lost in a row; 1 full martingale run lost in a row',
      'Maximum drawdown of the martingale plan (first stake 1 unit): 15.20 units',
      'p-value against a coin flip (exact binomial test, two-sided, p = 0.5, 10 of 17 first windows that did not break even): 0.6291',
    ]);
    expect(report.evidence.firstWindow).toMatchObject({
      won: 10,
      total: 18,
      low: 33.7,
      high: 75.4,
      expectedValue: 0.083,
    });
    expect(report.evidence.withMartingale).toMatchObject({
      won: 16,
      total: 18,
      low: 67.2,
      high: 96.9,
      expectedValue: -0.211,
    });
    expect(report.coinFlip.pValue).toBeCloseTo(0.629058837890625, 12);
  });

  it('leaves out a signal whose windows end past the history, instead of guessing', () => {
    // Cut the history at boundary 8: k6 (DD then nothing) and k7 (D then nothing) cannot be judged.
    const candles = handCandles().filter((c) => c.time.getTime() + MIN <= b0 + 8 * WINDOW);
    const run = replay({
      histories: new Map([['X', new CandleHistory(candles)]]),
      strategy: alwaysBuy,
      windowMs: WINDOW,
      from: b0,
      to: b0 + 8 * WINDOW,
    });
    expect(run.signals.map((s) => s.slot)).toEqual([0, 1, 2, 3, 4, 5].map((k) => b0 + k * WINDOW));
    expect(run.skipped).toEqual({ noData: 0, noDecision: 0, unresolved: 2 });
  });
});

describe('no look-ahead', () => {
  const history = generatedCandles(SHIPPED_CANDLES.spec);
  const decisions = (candles: Candle[]) =>
    replay({
      histories: new Map([['EUR/USD (OTC)', new CandleHistory(candles)]]),
      strategy: new MomentumStrategy(),
      windowMs: WINDOW,
      from: b0 + 30 * MIN,
      to: b0 + 1440 * MIN,
    }).signals.map(({ slot, signalType, confidence }) => ({ slot, signalType, confidence }));

  it('a future candle cannot change a past decision', () => {
    const cut = b0 + 12 * 60 * MIN;
    // Every candle from noon on mirrored (4 − price): each rise becomes a fall.
    const rewritten = history.map((c) =>
      c.time.getTime() < cut ? c : { ...c, open: 4 - c.open, high: 4 - c.low, low: 4 - c.high, close: 4 - c.close },
    );
    const before = decisions(history);
    const after = decisions(rewritten);
    const past = (list: typeof before) => list.filter((d) => d.slot <= cut);
    expect(past(before).length).toBeGreaterThan(100);
    expect(past(after)).toEqual(past(before));
    // The rewrite does change what comes after it, so the comparison above could fail.
    expect(after.filter((d) => d.slot > cut)).not.toEqual(before.filter((d) => d.slot > cut));
  });
});

describe('the shipped candles file', () => {
  it('is what the generator makes, labelled as generated', async () => {
    const text = await readFile(new URL(`../../../${SHIPPED_CANDLES.path}`, import.meta.url), 'utf8');
    expect(text.startsWith('# GENERATED, NOT MARKET DATA')).toBe(true);
    expect(text).toBe(candlesCsv(generatedCandles(SHIPPED_CANDLES.spec), SHIPPED_CANDLES.comments));
    expect(parseCandleCsv(text)).toHaveLength(1440);
  });
});
