import { type Kysely, sql } from 'kysely';

/**
 * In-product activation: proofs of deposit and the files behind them (kept in the database by
 * default), and an expiry for dashboard codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('activation_proofs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('broker_account', 'text', (c) => c.notNull())
    .addColumn('deposit_amount', 'numeric(14, 2)', (c) => c.notNull().check(sql`deposit_amount > 0`))
    .addColumn('access_path', 'text', (c) => c.check(sql`access_path in ('manual', 'auto')`))
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('tier', 'text', (c) => c.check(sql`tier in ('silver', 'pro', 'gold')`))
    .addColumn('reason', 'text')
    // A review is complete: approved carries a tier, rejected a reason, pending neither.
    .addCheckConstraint(
      'activation_proofs_review_check',
      sql`(status = 'pending' and reviewed_at is null and tier is null and reason is null)
        or (status = 'approved' and reviewed_at is not null and tier is not null)
        or (status = 'rejected' and reviewed_at is not null and reason is not null)`,
    )
    .execute();
  // One pending proof per member: a new proof replaces the pending one, and the database holds the rule.
  await sql`create unique index activation_proofs_one_pending_key on activation_proofs (user_id) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('activation_proofs_status_submitted_idx')
    .on('activation_proofs')
    .columns(['status', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('activation_proofs_user_submitted_idx')
    .on('activation_proofs')
    .columns(['user_id', 'submitted_at'])
    .execute();

  await db.schema.alterTable('dashboard_codes').addColumn('expires_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dashboard_codes').dropColumn('expires_at').execute();
  await db.schema.dropTable('activation_proofs').ifExists().execute();
  await db.schema.dropTable('stored_files').ifExists().execute();
}
