/** The landing page's risk calculator: inputs, ranges, defaults and formulas. */

export const RISK_CALCULATOR = {
  capital: { min: 100, step: 100, default: 1000 },
  riskPercent: { min: 0.5, max: 10, step: 0.5, default: 2 },
  winRatePercent: { min: 50, max: 90, step: 5, default: 70 },
  rewardRatios: [1, 1.5, 2, 2.5, 3] as const,
  defaultRewardRatio: 2,
  tradesPerMonth: 20,
} as const;

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
  /** Reward per unit of risk (risk:reward 1:ratio). */
  rewardRatio: number;
}

export interface RiskCalculatorResult {
  riskAmount: number;
  profitPerWin: number;
  expectedValuePerTrade: number;
  monthlyExpected: number;
  monthlyReturnPercent: number;
}

/**
 * Section 9: risk amount = capital × risk %; profit per win = risk × ratio; expected value =
 * win rate × profit − loss rate × risk; monthly = expected value × 20 trades; return % = monthly / capital.
 * Non-finite or negative inputs count as 0 so a half-typed field never shows NaN.
 */
export function calculateRisk(input: RiskCalculatorInput): RiskCalculatorResult {
  const clean = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);
  const capital = clean(input.capital);
  const winRate = Math.min(clean(input.winRatePercent), 100) / 100;
  const riskAmount = (capital * clean(input.riskPercent)) / 100;
  const profitPerWin = riskAmount * clean(input.rewardRatio);
  const expectedValuePerTrade = winRate * profitPerWin - (1 - winRate) * riskAmount;
  const monthlyExpected = expectedValuePerTrade * RISK_CALCULATOR.tradesPerMonth;
  const monthlyReturnPercent = capital > 0 ? (monthlyExpected / capital) * 100 : 0;
  return { riskAmount, profitPerWin, expectedValuePerTrade, monthlyExpected, monthlyReturnPercent };
}
