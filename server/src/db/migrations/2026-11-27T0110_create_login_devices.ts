import { type Kysely, sql } from 'kysely';

/**
 * Browsers a member has logged in from. A login that presents one of its member's device tokens passes
 * the per-account budget of failed logins, so guesses from elsewhere cannot lock the owner out of their
 * own devices. Only the token's hash is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_devices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_devices_user_id_idx').on('login_devices').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_devices').ifExists().execute();
}
