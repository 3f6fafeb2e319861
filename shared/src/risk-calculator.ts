import { breakEvenWinRate } from './evidence.js';

/**
 * The landing page's risk calculator: inputs, ranges, defaults and formulas. It speaks of the trades
 * this product's signals are: fixed-payout trades, where a win pays the operator's payout on the stake
 * and a loss costs the stake. So it has no risk:reward choice (1:2 is not a trade these signals offer),
 * and its win rate starts from the record's own first-window rate, not from a rate nobody measured.
 */
export const RISK_CALCULATOR = {
  capital: { min: 100, step: 100, default: 1000 },
  riskPercent: { min: 0.5, max: 10, step: 0.5, default: 2 },
  /** Fine enough to start exactly at a record's rate (to the half point). */
  winRatePercent: { min: 30, max: 90, step: 0.5 },
  tradesPerMonth: 20,
} as const;

/**
 * Where the win-rate slider starts: the record's first-window rate (to the slider's step, within its
 * range), or, before the record has one, the break-even at the payout, where the expectation is zero.
 */
export function calculatorStartRate(recordPercent: number | null, payoutPercent: number): number {
  const { min, max, step } = RISK_CALCULATOR.winRatePercent;
  const start = recordPercent ?? breakEvenWinRate(payoutPercent);
  return Math.min(max, Math.max(min, Math.round(start / step) * step));
}

/**
 * The capital the calculator works with: what was typed when it is a number of at least the minimum
 * ($100), the minimum otherwise (empty, too small, not a number).
 */
export function calculatorCapital(typed: string): number {
  const value = Number(typed.trim());
  return typed.trim() !== '' && Number.isFinite(value) && value >= RISK_CALCULATOR.capital.min
    ? value
    : RISK_CALCULATOR.capital.min;
}

export interface RiskCalculatorInput {
  capital: number;
  /** Risk per trade, percent of capital. */
  riskPercent: number;
  /** Expected win rate, percent. */
  winRatePercent: number;
  /** What a win pays, percent of the stake (the operator's payout). */
  payoutPercent: number;
}

export interface RiskCalculatorResult {
  riskAmount: number;
  profitPerWin: number;
  expectedValuePerTrade: number;
  monthlyExpected: number;
  monthlyReturnPercent: number;
}

/**
 * Risk amount = capital × risk %; profit per win = risk × payout; expected value = win rate × profit −
 * loss rate × risk; monthly = expected value × 20 trades; return % = monthly / capital.
 * Non-finite or negative inputs count as 0 so a half-typed field never shows NaN.
 */
export function calculateRisk(input: RiskCalculatorInput): RiskCalculatorResult {
  const clean = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);
  const capital = clean(input.capital);
  const winRate = Math.min(clean(input.winRatePercent), 100) / 100;
  const riskAmount = (capital * clean(input.riskPercent)) / 100;
  const profitPerWin = (riskAmount * clean(input.payoutPercent)) / 100;
  const expectedValuePerTrade = winRate * profitPerWin - (1 - winRate) * riskAmount;
  const monthlyExpected = expectedValuePerTrade * RISK_CALCULATOR.tradesPerMonth;
  const monthlyReturnPercent = capital > 0 ? (monthlyExpected / capital) * 100 : 0;
  return { riskAmount, profitPerWin, expectedValuePerTrade, monthlyExpected, monthlyReturnPercent };
}
