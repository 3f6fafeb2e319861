import { type Kysely, sql } from 'kysely';

/**
 * Short-lived passes to the queue board, each issued to an admin's session (and gone with it): only
 * their SHA-256 is kept. The board's cookie carries a pass, never the session's token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('queue_board_passes')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('queue_board_passes_session_idx').on('queue_board_passes').column('session_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('queue_board_passes').ifExists().execute();
}
