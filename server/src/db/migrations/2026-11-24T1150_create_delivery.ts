import { type Kysely, sql } from 'kysely';

/**
 * Signal delivery outside the page: the server's own secrets (VAPID keys, the unsubscribe key), Web
 * Push subscriptions per browser, Telegram links and their one-time codes, and the delivery log: the
 * batches a signal's fan-out queued (one row per job: its recipients, a member for e-mail and Telegram,
 * a browser for Web Push) and one row per signal, channel and recipient once its job has tried it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('telegram_links')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text')
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('telegram_link_codes')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('signal_delivery_batches')
    .addColumn('signal_id', 'uuid', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'push', 'telegram')`))
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('recipients', sql`text[]`, (c) => c.notNull())
    .addColumn('members', sql`uuid[]`, (c) => c.notNull())
    .addColumn('done', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('signal_delivery_batches_pkey', ['signal_id', 'channel', 'batch'])
    .execute();
  await sql`create index signal_delivery_batches_pending on signal_delivery_batches (channel) where not done`.execute(
    db,
  );

  await db.schema
    .createTable('signal_deliveries')
    .addColumn('signal_id', 'uuid', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'push', 'telegram')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed', 'skipped')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('signal_deliveries_pkey', ['signal_id', 'channel', 'recipient'])
    .execute();
  await db.schema.createIndex('signal_deliveries_user').on('signal_deliveries').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signal_deliveries').execute();
  await db.schema.dropTable('signal_delivery_batches').execute();
  await db.schema.dropTable('telegram_link_codes').execute();
  await db.schema.dropTable('telegram_links').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('app_secrets').execute();
}
