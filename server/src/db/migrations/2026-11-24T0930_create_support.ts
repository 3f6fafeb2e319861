import { type Kysely, sql } from 'kysely';

/**
 * Support tickets and their threads. A member's deletion keeps their tickets (user_id and author_id
 * become null; the author name kept on each row says who wrote).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`category in ('account-setup', 'deposit-issues', 'signals', 'copy-trading', 'technical', 'billing', 'other')`,
        ),
    )
    .addColumn('priority', 'text', (c) => c.notNull().check(sql`priority in ('low', 'medium', 'high', 'urgent')`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'pending', 'resolved', 'closed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_by', 'text', (c) =>
      c.notNull().defaultTo('member').check(sql`last_message_by in ('member', 'support')`),
    )
    .execute();
  await db.schema
    .createIndex('support_tickets_user_activity_idx')
    .on('support_tickets')
    .columns(['user_id', 'last_message_at'])
    .execute();
  await db.schema
    .createIndex('support_tickets_status_activity_idx')
    .on('support_tickets')
    .columns(['status', 'last_message_at'])
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('ticket_id', 'uuid', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
    .addColumn('author_role', 'text', (c) => c.notNull().check(sql`author_role in ('member', 'support')`))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('support_messages_ticket_created_idx')
    .on('support_messages')
    .columns(['ticket_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_messages').ifExists().execute();
  await db.schema.dropTable('support_tickets').ifExists().execute();
}
