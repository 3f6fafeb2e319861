import { type Kysely, sql } from 'kysely';

/**
 * The notification centre: one row per thing a member is told (a delivered signal, a reviewed proof, a
 * tier change, a support reply, a reply to their post, a sign-in from a new browser), unread until
 * they mark it read, deleted after 90 days and with the member. Community posts may answer another post
 * (`reply_to_id`), which is what tells its author.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz')
    .addColumn('read_at', 'timestamptz')
    .addUniqueConstraint('notifications_user_kind_ref_key', ['user_id', 'kind', 'ref'])
    .execute();
  // The bell's list (newest first) and its unread count.
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  // A signal's outcome updates the notifications of everyone it was delivered to.
  await db.schema.createIndex('notifications_kind_ref_idx').on('notifications').columns(['kind', 'ref']).execute();
  // The daily prune.
  await db.schema.createIndex('notifications_created_idx').on('notifications').column('created_at').execute();

  await db.schema
    .alterTable('community_posts')
    .addColumn('reply_to_id', 'uuid', (c) => c.references('community_posts.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('community_posts').dropColumn('reply_to_id').execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
