import { type Kysely, sql } from 'kysely';

/**
 * The worker's backtests of its own strategy on its feed's history, one per UTC day, kept as the report
 * it computed (JSON): the Gold Room shows the latest beside the live record.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backtests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('period_key', 'text', (c) => c.notNull().unique())
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull())
    .addColumn('report', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backtests_ran_at').on('backtests').column('ran_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backtests').ifExists().execute();
}
