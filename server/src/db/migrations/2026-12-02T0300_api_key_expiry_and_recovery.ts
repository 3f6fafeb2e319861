import { type Kysely, sql } from 'kysely';

/**
 * API keys that end: a key may be given a life (`expires_at`), and a revoked key keeps why
 * (`revoked_reason`): its member revoked it, or the account's recovery did (a password reset or change,
 * a log-out everywhere), so a program presenting it is told which.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_reason', 'text', (c) =>
      c.check(
        sql`revoked_reason in ('member', 'password-reset', 'password-change', 'sessions-ended', 'admin-sessions-ended')`,
      ),
    )
    .execute();
  await sql`update api_keys set revoked_reason = 'member' where revoked_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('expires_at').dropColumn('revoked_reason').execute();
}
