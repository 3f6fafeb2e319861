import { type Kysely, sql } from 'kysely';

/**
 * Which daily allowance a signal counts against: `model` (the engine's) and `desk` (the analysts') are
 * counted apart unless the operator counts them together (`all`). `allowance_place` is the signal's place
 * in its pool's day, taken when it is inserted; rows from before keep `all` and their day sequence.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signals')
    .addColumn('allowance_pool', 'text', (c) =>
      c.notNull().defaultTo('all').check(sql`allowance_pool in ('all', 'model', 'desk')`),
    )
    .addColumn('allowance_place', 'integer', (c) => c.check(sql`allowance_place > 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signals').dropColumn('allowance_place').dropColumn('allowance_pool').execute();
}
