import { type Kysely, sql } from 'kysely';

/** Bot-access applications (the lead-capture form) and their review state. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bot_access_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('has_account', 'text', (c) => c.notNull())
    .addColumn('has_funded', 'text', (c) => c.notNull())
    .addColumn('can_afford', 'text', (c) => c.notNull())
    .addColumn('has_lost_money', 'text', (c) => c.notNull())
    .addColumn('loss_amount', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('usage_method', 'text', (c) => c.notNull())
    .addColumn('wants_call', 'text', (c) => c.notNull())
    .addColumn('call_country_code', 'text', (c) => c.notNull())
    .addColumn('call_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ready_to_start', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('new').check(sql`status in ('new', 'contacted', 'activated', 'rejected')`),
    )
    .addColumn('notes', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Admins page through the newest first, optionally by status.
  await db.schema
    .createIndex('bot_access_submissions_status_created_idx')
    .on('bot_access_submissions')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bot_access_submissions_created_idx')
    .on('bot_access_submissions')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bot_access_submissions').ifExists().execute();
}
