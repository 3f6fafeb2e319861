import type { Kysely } from 'kysely';

/**
 * Members' journals: per member and signal, taken or skipped, and for a taken one the stake, the fill
 * price and time and what it paid. numeric(14,2) keeps money to the cent. Goes with the member and with
 * the signal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('journal_entries')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('signal_id', 'uuid', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('taken', 'boolean', (c) => c.notNull())
    .addColumn('stake', 'numeric(14, 2)')
    .addColumn('fill_price', 'double precision')
    .addColumn('filled_at', 'timestamptz')
    .addColumn('result', 'numeric(14, 2)')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('journal_entries_pkey', ['user_id', 'signal_id'])
    .execute();
  await db.schema.createIndex('journal_entries_signal').on('journal_entries').column('signal_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('journal_entries').ifExists().execute();
}
