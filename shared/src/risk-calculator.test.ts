import { describe, expect, it } from 'vitest';
import { calculateRisk, calculatorCapital, calculatorStartRate, RISK_CALCULATOR } from './risk-calculator.js';

describe('risk calculator', () => {
  it('has the documented ranges and defaults', () => {
    expect(RISK_CALCULATOR.capital).toEqual({ min: 100, step: 100, default: 1000 });
    expect(RISK_CALCULATOR.riskPercent).toEqual({ min: 0.5, max: 10, step: 0.5, default: 2 });
    expect(RISK_CALCULATOR.winRatePercent).toEqual({ min: 30, max: 90, step: 0.5 });
    expect(RISK_CALCULATOR.tradesPerMonth).toBe(20);
  });

  it('pays a win at the payout and costs the stake on a loss: 1000 capital, 2 % risk, 57.5 % wins, 80 %', () => {
    const r = calculateRisk({ capital: 1000, riskPercent: 2, winRatePercent: 57.5, payoutPercent: 80 });
    expect(r.riskAmount).toBeCloseTo(20);
    expect(r.profitPerWin).toBeCloseTo(16);
    // 0.575 × 16 − 0.425 × 20 = 0.7
    expect(r.expectedValuePerTrade).toBeCloseTo(0.7);
    expect(r.monthlyExpected).toBeCloseTo(14);
    expect(r.monthlyReturnPercent).toBeCloseTo(1.4);
  });

  it('starts from the record first-window rate, or at break-even before there is one', () => {
    expect(calculatorStartRate(57.5, 80)).toBe(57.5);
    expect(calculatorStartRate(57.3, 80)).toBe(57.5);
    expect(calculatorStartRate(12, 80)).toBe(30);
    // 1 / 1.8 = 55.6 %, to the half point.
    expect(calculatorStartRate(null, 80)).toBe(55.5);
    const atBreakEven = calculateRisk({ capital: 1000, riskPercent: 2, winRatePercent: 100 / 1.8, payoutPercent: 80 });
    expect(atBreakEven.expectedValuePerTrade).toBeCloseTo(0);
  });

  it('gives a negative expectation when the win rate cannot pay for the losses', () => {
    const r = calculateRisk({ capital: 500, riskPercent: 10, winRatePercent: 50, payoutPercent: 100 });
    expect(r.expectedValuePerTrade).toBeCloseTo(0);
    const worse = calculateRisk({ capital: 500, riskPercent: 4, winRatePercent: 30, payoutPercent: 150 });
    // risk 20, win 30: 0.3 × 30 − 0.7 × 20 = −5 per trade, −100 a month, −20 %
    expect(worse.expectedValuePerTrade).toBeCloseTo(-5);
    expect(worse.monthlyExpected).toBeCloseTo(-100);
    expect(worse.monthlyReturnPercent).toBeCloseTo(-20);
  });

  it('treats empty or invalid input as zero instead of NaN', () => {
    const r = calculateRisk({ capital: Number.NaN, riskPercent: 2, winRatePercent: 70, payoutPercent: 80 });
    expect(r).toEqual({
      riskAmount: 0,
      profitPerWin: 0,
      expectedValuePerTrade: 0,
      monthlyExpected: 0,
      monthlyReturnPercent: 0,
    });
  });
});

describe('calculatorCapital', () => {
  it('keeps a typed capital of at least $100 and holds the $100 minimum otherwise', () => {
    expect(calculatorCapital('2500')).toBe(2500);
    expect(calculatorCapital('100')).toBe(100);
    for (const typed of ['', ' ', '20', '0', '-500', 'abc', '99.99']) expect(calculatorCapital(typed)).toBe(100);
  });
});
