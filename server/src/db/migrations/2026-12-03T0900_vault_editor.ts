import { type Kysely, sql } from 'kysely';

/**
 * The operator's Vault editor: a course is a draft until published (`published_at`), and no course is
 * rated: the shipped samples' ratings were invented, and no member rating is collected, so the column
 * goes. Courses already in the vault stay visible (published when they were created).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vault_courses').addColumn('published_at', 'timestamptz').execute();
  await db.updateTable('vault_courses').set({ published_at: sql`created_at` }).execute();
  await db.schema.alterTable('vault_courses').dropColumn('rating').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('vault_courses').addColumn('rating', 'numeric(2, 1)').execute();
  await db.schema.alterTable('vault_courses').dropColumn('published_at').execute();
}
