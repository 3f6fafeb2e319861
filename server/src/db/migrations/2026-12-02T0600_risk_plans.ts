import type { Kysely } from 'kysely';

/**
 * Members' risk plans: one per member (stake, highest martingale level, daily loss limit, currency) and
 * when it was set. numeric(14,2) keeps money to the cent; the pg type parser reads it back as a string,
 * which the repository turns into a number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('risk_plans')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('stake', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('max_level', 'smallint', (c) => c.notNull())
    .addColumn('daily_loss_limit', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('set_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('risk_plans').ifExists().execute();
}
