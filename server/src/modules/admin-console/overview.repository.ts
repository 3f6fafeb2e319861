import type { TAuditSummary, TFunnel } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Members (admins left out) at each step of the way in, and per tier, in one scan. */
export async function countFunnel(db: Db): Promise<TFunnel> {
  const row = await db
    .selectFrom('users')
    .where('role', '=', 'member')
    .select((eb) => [
      eb.fn.countAll<number>().as('registered'),
      eb.fn.count<number>('email_verified_at').as('email_confirmed'),
      eb.fn.count<number>('broker_account_id').as('setup_saved'),
      sql<number>`count(*) filter (where deposit_amount > 0)`.as('deposit_declared'),
      sql<number>`count(*) filter (where dashboard_unlocked)`.as('unlocked'),
      sql<number>`count(*) filter (where tier = 'guest')`.as('guest'),
      sql<number>`count(*) filter (where tier = 'silver')`.as('silver'),
      sql<number>`count(*) filter (where tier = 'pro')`.as('pro'),
      sql<number>`count(*) filter (where tier = 'gold')`.as('gold'),
    ])
    .executeTakeFirstOrThrow();
  return {
    registered: Number(row.registered),
    emailConfirmed: Number(row.email_confirmed),
    accountSetupSaved: Number(row.setup_saved),
    depositDeclared: Number(row.deposit_declared),
    unlocked: Number(row.unlocked),
    perTier: { guest: Number(row.guest), silver: Number(row.silver), pro: Number(row.pro), gold: Number(row.gold) },
  };
}

/** Members registered per day (the operator's time zone) since `since`; days without any are absent. */
export async function countSignupsByDay(db: Db, since: Date, timeZone: string): Promise<Map<string, number>> {
  const day = sql<string>`to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('users')
    .where('role', '=', 'member')
    .where('created_at', '>=', since)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    // By position: the time zone is a parameter, so the grouped expression differs from the selected one.
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** The newest audit rows, summarised (the full trail is the audit screen's). */
export async function latestAuditEntries(db: Db, limit: number): Promise<TAuditSummary[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'at', 'actor_email', 'action', 'target_type', 'target_label'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: new Date(r.at).toISOString(),
    actorEmail: r.actor_email,
    action: r.action,
    targetType: r.target_type,
    targetLabel: r.target_label,
  }));
}
