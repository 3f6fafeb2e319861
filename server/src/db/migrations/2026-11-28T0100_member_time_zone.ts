import type { Kysely } from 'kysely';

/**
 * Each member's own time zone (IANA name), in which every time is shown to them. Null until they choose
 * one: screens then use the browser's zone and e-mails the business's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
