import type { ColumnType } from 'kysely';

/**
 * A member's risk plan (shared/src/risk-plan.ts): one row per member, replaced on each save. `set_at` is
 * when the plan last changed, where its equity curve starts. Money in the plan's currency, to the cent.
 * Deleted with the member.
 */
export interface RiskPlansTable {
  user_id: string;
  /** numeric(14, 2): comes back from pg as a string. */
  stake: ColumnType<string, number, number>;
  max_level: number;
  daily_loss_limit: ColumnType<string, number, number>;
  currency: string;
  set_at: ColumnType<Date, Date | string, Date | string>;
}

export interface RiskPlanTables {
  risk_plans: RiskPlansTable;
}
