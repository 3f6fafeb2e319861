import type { TRiskPlan, TRiskPlanInput } from '@signalroom/shared';
import type { Db } from '../../db/database.js';

const COLUMNS = ['stake', 'max_level', 'daily_loss_limit', 'currency', 'set_at'] as const;

type PlanRow = { stake: string; max_level: number; daily_loss_limit: string; currency: string; set_at: Date };

function presentPlan(row: PlanRow): TRiskPlan {
  return {
    stake: Number(row.stake),
    maxLevel: row.max_level,
    dailyLossLimit: Number(row.daily_loss_limit),
    currency: row.currency as TRiskPlan['currency'],
    setAt: row.set_at.toISOString(),
  };
}

export async function findRiskPlan(db: Db, userId: string): Promise<TRiskPlan | null> {
  const row = await db.selectFrom('risk_plans').select(COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  return row ? presentPlan(row) : null;
}

/**
 * Saves the member's plan. `set_at` moves only when something in the plan changed, so saving the same
 * plan again keeps its equity curve.
 */
export async function saveRiskPlan(db: Db, userId: string, plan: TRiskPlanInput, at: Date): Promise<TRiskPlan> {
  const values = {
    stake: plan.stake,
    max_level: plan.maxLevel,
    daily_loss_limit: plan.dailyLossLimit,
    currency: plan.currency,
  };
  const row = await db
    .insertInto('risk_plans')
    .values({ user_id: userId, ...values, set_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        ...values,
        set_at: eb
          .case()
          .when(
            eb.and([
              eb('risk_plans.stake', '=', eb.ref('excluded.stake')),
              eb('risk_plans.max_level', '=', eb.ref('excluded.max_level')),
              eb('risk_plans.daily_loss_limit', '=', eb.ref('excluded.daily_loss_limit')),
              eb('risk_plans.currency', '=', eb.ref('excluded.currency')),
            ]),
          )
          .then(eb.ref('risk_plans.set_at'))
          .else(eb.ref('excluded.set_at'))
          .end(),
      })),
    )
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return presentPlan(row);
}

export async function deleteRiskPlan(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('risk_plans').where('user_id', '=', userId).execute();
}
