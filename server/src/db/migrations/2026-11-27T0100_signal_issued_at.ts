import { type Kysely, sql } from 'kysely';

/**
 * When each signal was really written. `created_at` is its slot's start (the entry time members trade
 * from), so a signal issued late, after the database or the worker came back, looked issued on time:
 * `issued_at` is the time of the write, shown beside a late signal and committed in the track record.
 * Signals issued before this column existed keep their slot start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signals').addColumn('issued_at', 'timestamptz').execute();
  await sql`update signals set issued_at = created_at`.execute(db);
  await db.schema
    .alterTable('signals')
    .alterColumn('issued_at', (c) => c.setNotNull())
    .alterColumn('issued_at', (c) => c.setDefault(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signals').dropColumn('issued_at').execute();
}
