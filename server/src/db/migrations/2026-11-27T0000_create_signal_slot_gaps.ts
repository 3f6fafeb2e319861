import { type Kysely, sql } from 'kysely';

/**
 * A slot that yielded no signal, and why. A slot has either its signal or one gap row, so the record
 * accounts for every 5-minute slot: nothing is skipped without a reason anyone can read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signal_slot_gaps')
    .addColumn('slot_start', 'timestamptz', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('market_closed', 'no_data', 'missed')`))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signal_slot_gaps').ifExists().execute();
}
