import { type Kysely, sql } from 'kysely';

/**
 * Webhooks that survive a receiver's outage. A batch keeps how many tries its endpoints have had and
 * when the next is due (the retry schedule runs for a day and more, so it must outlive a restart). An
 * endpoint keeps the secret it replaced for a day after a rotation, and both sign. A member's resends,
 * recoveries and test events wait in a queue of their own per endpoint (`webhook_manual_sends`), sent one
 * at a time per endpoint behind the live deliveries. A test event is a message without a signal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_delivery_batches')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_try_at', 'timestamptz')
    .execute();

  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('secret_rotated_at', 'timestamptz')
    .execute();

  await sql`alter table webhook_messages alter column signal_id drop not null`.execute(db);
  await sql`alter table webhook_messages drop constraint if exists webhook_messages_event_check`.execute(db);
  await sql`alter table webhook_messages add constraint webhook_messages_event_check
    check (event in ('signal.issued', 'signal.resolved', 'signal.note', 'webhook.test')
      and (signal_id is not null or event = 'webhook.test'))`.execute(db);

  await sql`alter table webhook_attempts drop constraint if exists webhook_attempts_trigger_check`.execute(db);
  await sql`alter table webhook_attempts add constraint webhook_attempts_trigger_check
    check (trigger in ('delivery', 'resend', 'recover', 'test'))`.execute(db);

  await db.schema
    .createTable('webhook_manual_sends')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('message_id', 'uuid', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('resend', 'recover', 'test')`))
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set while one process is sending it; past this time the send is taken as lost and may be taken again.
    .addColumn('claimed_until', 'timestamptz')
    // One message waits once per endpoint, however many times it is asked for.
    .addUniqueConstraint('webhook_manual_sends_endpoint_message', ['endpoint_id', 'message_id'])
    .execute();
  await db.schema
    .createIndex('webhook_manual_sends_queue')
    .on('webhook_manual_sends')
    .columns(['endpoint_id', 'queued_at'])
    .execute();

  // A recovery reads an endpoint's failed deliveries since a time.
  await sql`create index webhook_deliveries_failed on webhook_deliveries (endpoint_id, queued_at)
    where status = 'failed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists webhook_deliveries_failed`.execute(db);
  await db.schema.dropTable('webhook_manual_sends').ifExists().execute();
  await db.deleteFrom('webhook_attempts').where('trigger', 'in', ['recover', 'test']).execute();
  await sql`alter table webhook_attempts drop constraint if exists webhook_attempts_trigger_check`.execute(db);
  await sql`alter table webhook_attempts add constraint webhook_attempts_trigger_check
    check (trigger in ('delivery', 'resend'))`.execute(db);
  await db.deleteFrom('webhook_messages').where('event', '=', 'webhook.test').execute();
  await sql`alter table webhook_messages drop constraint if exists webhook_messages_event_check`.execute(db);
  await sql`alter table webhook_messages add constraint webhook_messages_event_check
    check (event in ('signal.issued', 'signal.resolved', 'signal.note'))`.execute(db);
  await sql`alter table webhook_messages alter column signal_id set not null`.execute(db);
  await db.schema
    .alterTable('webhook_endpoints')
    .dropColumn('previous_secret')
    .dropColumn('previous_secret_expires_at')
    .dropColumn('secret_rotated_at')
    .execute();
  await db.schema.alterTable('webhook_delivery_batches').dropColumn('tries').dropColumn('next_try_at').execute();
}
