import { type Kysely, sql } from 'kysely';

/**
 * The business's settings become one more kind of operator content (versioned like the others), and the
 * first-run setup keeps the hashes of the one-time tokens the server printed while no admin existed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table operator_content drop constraint operator_content_kind_check`.execute(db);
  await sql`alter table operator_content add constraint operator_content_kind_check
    check (kind in ('reviews', 'offer', 'successLinks', 'business'))`.execute(db);
  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_tokens').ifExists().execute();
  await db.deleteFrom('operator_content').where('kind', '=', 'business').execute();
  await sql`alter table operator_content drop constraint operator_content_kind_check`.execute(db);
  await sql`alter table operator_content add constraint operator_content_kind_check
    check (kind in ('reviews', 'offer', 'successLinks'))`.execute(db);
}
