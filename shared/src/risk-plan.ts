import { z } from 'zod';
import { TIMING } from './constants.js';
import { stakeRuleAt } from './evidence.js';
import { ZInstant } from './iso-date.js';
import { zMoney } from './money-fields.js';
import { levelStake, STAKE_RULE, sequenceProfit, toCents } from './signals/stake-plan.js';
import { cumulativeResult, ZEquityPoint } from './track-record/stats.js';

/**
 * A member's risk plan: the stake they put on a signal, the highest martingale level they will take
 * (0 = the primary window only), the most they will lose in one day, and their account's currency. The
 * room shows each signal's stakes from it and stops offering trades for the day once one more signal,
 * lost through the plan's last level, would take the day's loss past the limit. The same rules answer
 * the API (`GET /api/users/risk-plan`) and draw the room, so both say the same.
 */
export const RiskPlanMessages = {
  stake: 'Enter a stake from 1 to 100,000, in cents at most (e.g. 10 or 12.50).',
  maxLevel: 'Choose the highest martingale level you will take: 0 (the first window only) to 3.',
  dailyLossLimit: 'Enter a daily loss limit from 1 to 10,000,000, in cents at most.',
  currency: 'Choose your account currency from the list.',
  /** A plan whose one signal can lose more than the day allows would never offer a trade. */
  limitBelowOneSignal: (worst: string, level: number) =>
    `One signal lost through level ${level} costs ${worst}, more than this daily loss limit: raise the limit, or lower the stake or the highest level.`,
  saved: 'Risk plan saved',
  loaded: 'Risk plan',
} as const;

/** Currencies a plan is kept in (its figures are only ever shown in it, never converted). */
export const RISK_PLAN_CURRENCIES = ['USD', 'EUR', 'GBP', 'NGN', 'ZAR', 'KES', 'GHS', 'INR', 'AUD', 'CAD'] as const;
export type RiskPlanCurrency = (typeof RISK_PLAN_CURRENCIES)[number];

export const RISK_PLAN_LIMITS = {
  stake: { min: 1, max: 100_000 },
  dailyLossLimit: { min: 1, max: 10_000_000 },
  maxLevel: TIMING.martingaleMaxLevel,
} as const;

const ZRiskPlanFields = z
  .object({
    stake: zMoney(RISK_PLAN_LIMITS.stake, RiskPlanMessages.stake),
    maxLevel: z
      .number({ error: RiskPlanMessages.maxLevel })
      .int(RiskPlanMessages.maxLevel)
      .min(0, RiskPlanMessages.maxLevel)
      .max(RISK_PLAN_LIMITS.maxLevel, RiskPlanMessages.maxLevel),
    dailyLossLimit: zMoney(RISK_PLAN_LIMITS.dailyLossLimit, RiskPlanMessages.dailyLossLimit),
    currency: z.enum(RISK_PLAN_CURRENCIES, { error: RiskPlanMessages.currency }),
  })
  .strict();

/**
 * The plan as a member saves it. The cross-field check runs only once every field passed its own: Zod
 * would run it on a level of a billion too (a range miss does not abort), and the loss through that many
 * levels is a loop of that length, which held a request's thread for minutes.
 */
export const ZRiskPlanRequest = /* @__PURE__ */ ZRiskPlanFields.superRefine(
  (plan, ctx) => {
    const worst = worstSignalLoss(plan);
    if (worst > plan.dailyLossLimit) {
      ctx.addIssue({
        code: 'custom',
        path: ['dailyLossLimit'],
        message: RiskPlanMessages.limitBelowOneSignal(formatMoney(worst, plan.currency), plan.maxLevel),
      });
    }
  },
  { when: (payload) => payload.issues.length === 0 },
);
export type TRiskPlanInput = z.infer<typeof ZRiskPlanFields>;

/** The plan as stored: what was saved, and since when it stands (its equity curve starts there). */
export const ZRiskPlan = /* @__PURE__ */ ZRiskPlanFields.extend({ setAt: ZInstant });
export type TRiskPlan = z.infer<typeof ZRiskPlan>;

/** The stakes of one signal under the plan: every level of the martingale, and whether the plan takes it. */
export interface PlanLevel {
  level: number;
  stake: number;
  withinPlan: boolean;
}

/** Stake of each martingale level (doubling per level, as the martingale plan does), levels past the plan marked. */
export function planLevels(plan: Pick<TRiskPlanInput, 'stake' | 'maxLevel'>): PlanLevel[] {
  return Array.from({ length: TIMING.martingaleMaxLevel + 1 }, (_, level) => ({
    level,
    stake: levelStake(plan.stake, level, STAKE_RULE),
    withinPlan: level <= plan.maxLevel,
  }));
}

/** What one signal costs when every level the plan takes is lost (the stake plan's own sequence, as a loss). */
export function worstSignalLoss(plan: Pick<TRiskPlanInput, 'stake' | 'maxLevel'>): number {
  return -sequenceProfit({ baseStake: plan.stake, lastLevel: plan.maxLevel, lastWindow: 'loss' });
}

/** A resolved signal as the record logged it: its outcome, the level it ended at, the payout it was issued at. */
export interface RecordedResult {
  outcome: 'profit' | 'loss' | 'breakeven';
  /** Where it won or broke even; for a loss, the last level played. */
  endLevel: number;
  payoutPercent: number;
}

/**
 * The result of one signal for a member who followed the plan: a signal that won or broke even at a
 * level past the plan was, for them, lost through the plan's last level; otherwise the record's own
 * sequence, at the plan's stake and the payout the signal was issued at.
 */
export function resultUnderPlan(signal: RecordedResult, plan: Pick<TRiskPlanInput, 'stake' | 'maxLevel'>): number {
  const pastPlan = signal.endLevel > plan.maxLevel;
  return sequenceProfit(
    {
      baseStake: plan.stake,
      lastLevel: pastPlan ? plan.maxLevel : signal.endLevel,
      lastWindow: pastPlan ? 'loss' : signal.outcome,
    },
    stakeRuleAt(signal.payoutPercent),
  );
}

/** Where a member stands today under the plan. */
export interface PlanDay {
  /** Net result of the day's resolved signals under the plan (negative: a loss). */
  result: number;
  /** How many of the day's signals it counts. */
  signals: number;
  /** The day's loss so far (0 when the day is even or up). */
  loss: number;
  /** What one more signal costs if every level the plan takes is lost. */
  worstNext: number;
  /** True once that next signal could take the day's loss past the limit: the plan stops for today. */
  stopped: boolean;
}

/** The day under the plan, from its resolved signals (in any order). */
export function planDay(results: readonly RecordedResult[], plan: TRiskPlanInput): PlanDay {
  let result = 0;
  for (const signal of results) result = toCents(result + resultUnderPlan(signal, plan));
  const loss = Math.max(0, -result);
  const worstNext = worstSignalLoss(plan);
  return { result, signals: results.length, loss, worstNext, stopped: toCents(loss + worstNext) > plan.dailyLossLimit };
}

/** A resolved signal of the record, with when it resolved (the equity curve's order). */
export interface DatedResult extends RecordedResult {
  resolvedAt: string;
}

/** The plan's own equity curve: the record's signals resolved since it was set, each under the plan. */
export function planEquity(results: readonly DatedResult[], plan: TRiskPlanInput) {
  return cumulativeResult(results.map((s) => ({ at: s.resolvedAt, result: resultUnderPlan(s, plan) })));
}

export const ZPlanDay = z.object({
  /** The operator's day it counts (YYYY-MM-DD in `timeZone`): the day signal allowances count too. */
  day: z.string(),
  timeZone: z.string(),
  result: z.number(),
  signals: z.number().int().nonnegative(),
  loss: z.number().nonnegative(),
  worstNext: z.number().nonnegative(),
  stopped: z.boolean(),
});
export type TPlanDay = z.infer<typeof ZPlanDay>;

export const ZPlanEquity = z.object({
  /** Signals of the record counted since the plan was set. */
  signals: z.number().int().nonnegative(),
  points: z.array(ZEquityPoint),
  final: z.number(),
  maxDrawdown: z.number().nonnegative(),
});
export type TPlanEquity = z.infer<typeof ZPlanEquity>;

/**
 * The member's plan and where it stands, from the witnessed record: the day (the signals their room showed
 * in full today, resolved) and the plan's equity since it was set. Both null without a plan, and while
 * the record's figures are withheld (`withheld` then says so: nothing is computed from an unchecked log).
 */
export const ZRiskPlanStanding = z.object({
  plan: ZRiskPlan.nullable(),
  withheld: z.boolean(),
  today: ZPlanDay.nullable(),
  equity: ZPlanEquity.nullable(),
});
export type TRiskPlanStanding = z.infer<typeof ZRiskPlanStanding>;

/** An amount in the plan's currency, as every page shows it ("$1,234.50", "-€20.00"). */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(
    amount,
  );
}
