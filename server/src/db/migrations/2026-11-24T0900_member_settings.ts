import { type Kysely, sql } from 'kysely';

/**
 * Member settings: the client of each session (user agent, address) for the sessions list, the
 * member's notification choices, and e-mail change codes (the new address waits on the code's row).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').addColumn('ip', 'text').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('signals', 'boolean', (c) => c.notNull())
    .addColumn('trades', 'boolean', (c) => c.notNull())
    .addColumn('marketing', 'boolean', (c) => c.notNull())
    .addColumn('security', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('email_codes').addColumn('new_email', 'text').execute();
  await sql`alter table email_codes drop constraint email_codes_purpose_check`.execute(db);
  await sql`alter table email_codes add constraint email_codes_purpose_check
    check (purpose in ('email_confirmation', 'email_change'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from email_codes where purpose = 'email_change'`.execute(db);
  await sql`alter table email_codes drop constraint email_codes_purpose_check`.execute(db);
  await sql`alter table email_codes add constraint email_codes_purpose_check
    check (purpose in ('email_confirmation'))`.execute(db);
  await db.schema.alterTable('email_codes').dropColumn('new_email').execute();
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').dropColumn('ip').execute();
}
