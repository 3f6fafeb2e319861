import { type Kysely, sql } from 'kysely';

/**
 * Members' webhook endpoints and their delivery log. An endpoint keeps its signing secret in clear:
 * signing needs it (a hash cannot sign), and it leaves the server only in the answer that created it.
 * A message is one event (a signal issued or resolved, a follow-up note) with the exact body every
 * endpoint is sent; the batches are what one delivery job sends (restored after a restart while not
 * done); a delivery is one message at one endpoint (queued until final); an attempt is one HTTP try,
 * kept for the member's list. Deleting an endpoint or a message deletes what hangs off it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'timestamptz')
    .addColumn('failed_deliveries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_user')
    .on('webhook_endpoints')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event', 'text', (c) =>
      c.notNull().check(sql`event in ('signal.issued', 'signal.resolved', 'signal.note')`),
    )
    // One message per event: the signal's issue, its resolution, or one note.
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('signal_id', 'uuid', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('webhook_messages_created').on('webhook_messages').column('created_at').execute();

  await db.schema
    .createTable('webhook_delivery_batches')
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('endpoints', sql`uuid[]`, (c) => c.notNull())
    .addColumn('done', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('webhook_delivery_batches_pkey', ['message_id', 'batch'])
    .execute();
  await sql`create index webhook_delivery_batches_pending on webhook_delivery_batches (message_id) where not done`.execute(
    db,
  );

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sent', 'failed', 'skipped')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('webhook_deliveries_pkey', ['message_id', 'endpoint_id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_user').on('webhook_deliveries').column('user_id').execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').column('endpoint_id').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('delivery', 'resend')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_ms', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_endpoint')
    .on('webhook_attempts')
    .columns(['endpoint_id', 'at'])
    .execute();
  await db.schema.createIndex('webhook_attempts_message').on('webhook_attempts').column('message_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').ifExists().execute();
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhook_delivery_batches').ifExists().execute();
  await db.schema.dropTable('webhook_messages').ifExists().execute();
  await db.schema.dropTable('webhook_endpoints').ifExists().execute();
}
