import { type Kysely, sql } from 'kysely';

/** Users, sessions, e-mail codes, reset tokens, dashboard codes and the mail outbox. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('telegram', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member').check(sql`role in ('member', 'admin')`))
    .addColumn('tier', 'text', (c) =>
      c.notNull().defaultTo('guest').check(sql`tier in ('guest', 'silver', 'pro', 'gold')`),
    )
    .addColumn('access_level', 'text', (c) =>
      c.notNull().defaultTo('free').check(sql`access_level in ('free', 'basic', 'deposited', 'premium')`),
    )
    .addColumn('dashboard_unlocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_deposited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('access_path', 'text', (c) => c.check(sql`access_path in ('manual', 'auto')`))
    .addColumn('admission_code', 'text', (c) => c.notNull().unique())
    .addColumn('code_activated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('broker_account_id', 'text')
    .addColumn('deposit_amount', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0).check(sql`deposit_amount >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One account per e-mail, whatever its case.
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('email_confirmation')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one live code per purpose per user.
  await sql`create unique index email_codes_live_key on email_codes (user_id, purpose) where consumed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('reset_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('dashboard_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    // The tier the code grants when entered; null keeps the member's tier and only unlocks.
    .addColumn('tier', 'text', (c) => c.check(sql`tier in ('guest', 'silver', 'pro', 'gold')`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('consumed_at', 'timestamptz')
    .execute();

  await db.schema.createIndex('reset_tokens_user_id_idx').on('reset_tokens').column('user_id').execute();
  await db.schema.createIndex('dashboard_codes_user_id_idx').on('dashboard_codes').column('user_id').execute();

  // Per-address cooldowns of mails a visitor can trigger (code resend: once per 60 s). Keyed by the
  // lower-cased address whether or not an account exists, so the answer reveals nothing.
  await db.schema
    .createTable('mail_cooldowns')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('next_allowed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_cooldowns_pkey', ['email', 'purpose'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_created_at_idx').on('mail_outbox').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'mail_cooldowns',
    'dashboard_codes',
    'reset_tokens',
    'email_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
