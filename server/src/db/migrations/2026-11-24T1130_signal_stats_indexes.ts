import type { Kysely } from 'kysely';

/**
 * Statistics are computed by the database: the resolved signals in slot order feed the grouped counts
 * and the losing streak's window function from this index, without a sort.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('signals_resolved_slot_idx')
    .on('signals')
    .columns(['slot_start', 'outcome'])
    .where('outcome', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('signals_resolved_slot_idx').execute();
}
