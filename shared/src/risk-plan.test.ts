import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  planDay,
  planEquity,
  planLevels,
  RiskPlanMessages,
  resultUnderPlan,
  worstSignalLoss,
  ZRiskPlanRequest,
} from './risk-plan.js';

const plan = { stake: 10, maxLevel: 2, dailyLossLimit: 150, currency: 'USD' as const };
const at80 = { payoutPercent: 80 };

describe('planLevels and worstSignalLoss', () => {
  it('doubles the stake per level and marks the levels past the plan', () => {
    expect(planLevels(plan)).toEqual([
      { level: 0, stake: 10, withinPlan: true },
      { level: 1, stake: 20, withinPlan: true },
      { level: 2, stake: 40, withinPlan: true },
      { level: 3, stake: 80, withinPlan: false },
    ]);
  });

  it('a signal lost through the last level costs every stake the plan takes', () => {
    expect(worstSignalLoss(plan)).toBe(70);
    expect(worstSignalLoss({ stake: 12.5, maxLevel: 0 })).toBe(12.5);
    expect(worstSignalLoss({ stake: 10, maxLevel: 3 })).toBe(150);
  });
});

describe('resultUnderPlan', () => {
  it('pays the record own sequence within the plan, at the payout the signal was issued at', () => {
    expect(resultUnderPlan({ outcome: 'profit', endLevel: 0, ...at80 }, plan)).toBe(8);
    // Lost 10 and 20, then 40 won at 80 %.
    expect(resultUnderPlan({ outcome: 'profit', endLevel: 2, ...at80 }, plan)).toBe(2);
    expect(resultUnderPlan({ outcome: 'profit', endLevel: 0, payoutPercent: 92 }, plan)).toBe(9.2);
    expect(resultUnderPlan({ outcome: 'breakeven', endLevel: 1, ...at80 }, plan)).toBe(-10);
  });

  it('counts a win past the plan as lost through the plan last level', () => {
    expect(resultUnderPlan({ outcome: 'profit', endLevel: 3, ...at80 }, plan)).toBe(-70);
    expect(resultUnderPlan({ outcome: 'breakeven', endLevel: 3, ...at80 }, plan)).toBe(-70);
  });

  it('a loss costs only the levels the plan takes', () => {
    expect(resultUnderPlan({ outcome: 'loss', endLevel: 3, ...at80 }, plan)).toBe(-70);
    expect(resultUnderPlan({ outcome: 'loss', endLevel: 0, ...at80 }, { stake: 10, maxLevel: 0 })).toBe(-10);
  });
});

describe('planDay', () => {
  it('goes on while one more full loss stays within the limit', () => {
    const day = planDay([{ outcome: 'profit', endLevel: 0, ...at80 }], plan);
    expect(day).toEqual({ result: 8, signals: 1, loss: 0, worstNext: 70, stopped: false });
  });

  it('stops once the next signal could take the day past the limit', () => {
    // One full loss (-70): another would make 140, within 150; two (-140): a third would make 210.
    const lost = { outcome: 'loss' as const, endLevel: 3, ...at80 };
    expect(planDay([lost], plan).stopped).toBe(false);
    expect(planDay([lost, lost], plan)).toMatchObject({ result: -140, loss: 140, stopped: true });
  });

  it('an exact fit is still within the limit', () => {
    const exact = { ...plan, dailyLossLimit: 140 };
    expect(planDay([{ outcome: 'loss', endLevel: 3, ...at80 }], exact).stopped).toBe(false);
  });
});

describe('planEquity', () => {
  it('runs the plan over the record, with its drawdown', () => {
    const curve = planEquity(
      [
        { outcome: 'profit', endLevel: 0, resolvedAt: '2026-12-01T10:00:00.000Z', ...at80 },
        { outcome: 'loss', endLevel: 3, resolvedAt: '2026-12-01T10:20:00.000Z', ...at80 },
        { outcome: 'profit', endLevel: 1, resolvedAt: '2026-12-01T10:30:00.000Z', ...at80 },
      ],
      plan,
    );
    expect(curve.points.map((p) => p.equity)).toEqual([8, -62, -56]);
    expect(curve.final).toBe(-56);
    expect(curve.maxDrawdown).toBe(70);
  });
});

describe('ZRiskPlanRequest', () => {
  it('takes a plan within its limits', () => {
    expect(ZRiskPlanRequest.safeParse(plan).success).toBe(true);
  });

  it.each([
    [{ ...plan, stake: 0 }, 'stake', RiskPlanMessages.stake],
    [{ ...plan, stake: 10.005 }, 'stake', RiskPlanMessages.stake],
    [{ ...plan, maxLevel: 4 }, 'maxLevel', RiskPlanMessages.maxLevel],
    [{ ...plan, maxLevel: 1.5 }, 'maxLevel', RiskPlanMessages.maxLevel],
    [{ ...plan, currency: 'XYZ' }, 'currency', RiskPlanMessages.currency],
    [{ ...plan, dailyLossLimit: 0 }, 'dailyLossLimit', RiskPlanMessages.dailyLossLimit],
  ])('refuses %o on %s', (input, field, message) => {
    const parsed = ZRiskPlanRequest.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('refuses a limit one signal can pass, naming what that signal costs', () => {
    const parsed = ZRiskPlanRequest.safeParse({ ...plan, dailyLossLimit: 60 });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['dailyLossLimit'],
      message: RiskPlanMessages.limitBelowOneSignal('$70.00', 2),
    });
  });

  it('refuses a level out of range by its own message, without costing that many levels first', () => {
    // A fuzzed level of 10^12 once held the request's thread for minutes in the cross-field check.
    const parsed = ZRiskPlanRequest.safeParse({ ...plan, maxLevel: 10_000_000 });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([RiskPlanMessages.maxLevel]);
  });

  it('refuses fields it does not know', () => {
    expect(ZRiskPlanRequest.safeParse({ ...plan, leverage: 100 }).success).toBe(false);
  });
});

describe('formatMoney', () => {
  it('writes amounts in the plan currency', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(-20, 'EUR')).toBe('-€20.00');
    expect(formatMoney(5, 'NGN')).toBe('₦5.00');
  });
});
