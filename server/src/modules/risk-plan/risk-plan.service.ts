import {
  type DatedResult,
  dayKeyInZone,
  planDay,
  planEquity,
  type TRiskPlanInput,
  type TRiskPlanStanding,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { skippedSignalIds } from '../journal/journal.repository.js';
import { dailyAllowanceOf } from '../signals/signals.service.js';
import { countedRecord, factOf, resolvedAtOf } from '../track-record/record-figures.js';
import { refreshRecord } from '../track-record/track-record.service.js';
import { findRiskPlan, saveRiskPlan } from './risk-plan.repository.js';
import { daySignalsShownInFull } from './risk-plan-signals.repository.js';

type Ctx = Pick<ServerContext, 'db' | 'now' | 'record' | 'config'>;

/**
 * Where the member's plan stands, from the witnessed record only (a signal counts once its outcome is
 * logged, public and witnessed, as on the track record): today's result over the signals the member's
 * room showed in full (a silver member's locked signals were never theirs to take) and did not journal
 * as skipped, and the plan's
 * equity over every counted signal resolved since the plan was set. Nothing is computed while the
 * record's figures are withheld.
 */
export async function riskPlanStanding(ctx: Ctx, user: TUser): Promise<TRiskPlanStanding> {
  const plan = await findRiskPlan(ctx.db, user.id);
  const { withheld } = await refreshRecord(ctx);
  if (!plan || withheld) return { plan, withheld, today: null, equity: null };
  const now = ctx.now();
  const timeZone = ctx.config.TIME_ZONE;
  const day = dayKeyInZone(now, timeZone);
  const shown = await daySignalsShownInFull(ctx.db, day, dailyAllowanceOf(ctx, user));
  // The day counts what the member took: every signal shown in full, but those they journaled as skipped.
  for (const id of await skippedSignalIds(ctx.db, user.id, [...shown])) shown.delete(id);
  const record = countedRecord(ctx.record, now, ctx.config.PAYOUT_PERCENT);
  const since = Date.parse(plan.setAt);
  // One pass over the record (a year is a few hundred thousand entries): only today's shown signals and
  // those resolved since the plan was set are kept.
  const todays: DatedResult[] = [];
  const sincePlan: DatedResult[] = [];
  for (const s of record.signals) {
    const inDay = shown.has(s.id);
    const inEquity = Date.parse(resolvedAtOf(s)) >= since;
    if (!inDay && !inEquity) continue;
    const fact = factOf(s, record);
    if (inDay) todays.push(fact);
    if (inEquity) sincePlan.push(fact);
  }
  return {
    plan,
    withheld,
    today: { day, timeZone, ...planDay(todays, plan) },
    equity: { signals: sincePlan.length, ...planEquity(sincePlan, plan) },
  };
}

export async function setRiskPlan(ctx: Ctx, user: TUser, input: TRiskPlanInput): Promise<TRiskPlanStanding> {
  await saveRiskPlan(ctx.db, user.id, input, ctx.now());
  return riskPlanStanding(ctx, user);
}
