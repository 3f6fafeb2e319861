import { type Kysely, sql } from 'kysely';

/**
 * The active content found in a proof's file when it was uploaded (JavaScript, launch actions, embedded
 * files ...), shown to reviewers: an empty list for a clean file. Proofs stored before keep null: they
 * were never inspected.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activation_proofs').addColumn('active_content', sql`text[]`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activation_proofs').dropColumn('active_content').execute();
}
