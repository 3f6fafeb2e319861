import { type Kysely, sql } from 'kysely';

/**
 * A first-run setup token expires: its end is kept with it. Tokens printed before this existed get 24
 * hours from when they were printed, the default lifetime.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('setup_tokens').addColumn('expires_at', 'timestamptz').execute();
  await db.updateTable('setup_tokens').set({ expires_at: sql`created_at + interval '24 hours'` }).execute();
  await db.schema
    .alterTable('setup_tokens')
    .alterColumn('expires_at', (c) => c.setNotNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('setup_tokens').dropColumn('expires_at').execute();
}
