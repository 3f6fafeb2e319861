import { type Kysely, sql } from 'kysely';

/**
 * Operator content (landing reviews and offer, the success page's contacts and links): every save is a
 * new version of its kind, so the one in force is the highest version and earlier ones stay readable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_content')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('reviews', 'offer', 'successLinks')`))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('saved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('saved_by_email', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('operator_content_pk', ['kind', 'version'])
    .execute();
  // The overview counts sign-ups per day and the funnel over members' creation time.
  await db.schema.createIndex('users_created_at_idx').ifNotExists().on('users').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_created_at_idx').ifExists().execute();
  await db.schema.dropTable('operator_content').ifExists().execute();
}
