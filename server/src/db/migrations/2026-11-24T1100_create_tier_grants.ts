import { type Kysely, sql } from 'kysely';

/**
 * The tier history: every access change an admin made, with the access before it, and the running
 * timed grant (at most one per member) whose expiry puts the member back. `users.tier_expires_at`
 * mirrors the running grant's end for the pages that show "Gold until …".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tier_grants')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('guest', 'silver', 'pro', 'gold')`))
    .addColumn('previous_tier', 'text', (c) =>
      c.notNull().check(sql`previous_tier in ('guest', 'silver', 'pro', 'gold')`),
    )
    .addColumn('previous_unlocked', 'boolean', (c) => c.notNull())
    .addColumn('previous_deposited', 'boolean', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('reason', 'text')
    .addColumn('granted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_by_email', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text', (c) => c.check(sql`end_reason in ('expired', 'superseded')`))
    .execute();
  await db.schema
    .createIndex('tier_grants_user_granted_idx')
    .on('tier_grants')
    .columns(['user_id', 'granted_at'])
    .execute();
  // One running timed grant per member: a new change ends the previous one in the same transaction.
  await sql`create unique index tier_grants_running_idx on tier_grants (user_id)
    where expires_at is not null and ended_at is null`.execute(db);
  await db.schema.alterTable('users').addColumn('tier_expires_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('tier_expires_at').execute();
  await db.schema.dropTable('tier_grants').ifExists().execute();
}
