import { type Kysely, sql } from 'kysely';

/**
 * The analyst desk: an `analyst` role; signals written by a person carry their author (and the name
 * they published under) and the form's idempotency key, so a second submit of one form is one signal.
 * A slot's one engine signal stays unique per slot; analysts' signals are outside that rule. Follow-up
 * notes live in their own table (a signal itself never changes after publication). A slot the engine
 * skipped because an analyst published in it is recorded as such.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('member', 'analyst', 'admin'))`.execute(
    db,
  );

  await db.schema
    .alterTable('signals')
    // No foreign key: the record's entry names `analyst:<author_id>` for ever, so the id must outlive an
    // erased account (the erasure keeps the id and replaces the name, see desk.member-data.ts).
    .addColumn('author_id', 'uuid')
    .addColumn('author_name', 'text')
    .addColumn('idempotency_key', 'text')
    .execute();
  await sql`alter table signals add constraint signals_author_matches_name
    check ((author_id is null) = (author_name is null) and (author_id is null) = (idempotency_key is null))`.execute(
    db,
  );
  await sql`alter table signals drop constraint if exists signals_slot_start_key`.execute(db);
  await sql`create unique index signals_engine_slot_key on signals (slot_start) where author_id is null`.execute(db);
  await sql`create unique index signals_author_idempotency_key on signals (author_id, idempotency_key)
    where author_id is not null`.execute(db);

  await db.schema
    .createTable('signal_notes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('signal_id', 'uuid', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signal_notes_signal_idx')
    .on('signal_notes')
    .columns(['signal_id', 'created_at'])
    .execute();

  await sql`alter table signal_slot_gaps drop constraint if exists signal_slot_gaps_reason_check`.execute(db);
  await sql`alter table signal_slot_gaps add constraint signal_slot_gaps_reason_check
    check (reason in ('market_closed', 'no_data', 'missed', 'analyst_published'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from signal_slot_gaps where reason = 'analyst_published'`.execute(db);
  await sql`alter table signal_slot_gaps drop constraint if exists signal_slot_gaps_reason_check`.execute(db);
  await sql`alter table signal_slot_gaps add constraint signal_slot_gaps_reason_check
    check (reason in ('market_closed', 'no_data', 'missed'))`.execute(db);
  await db.schema.dropTable('signal_notes').ifExists().execute();
  await sql`drop index if exists signals_author_idempotency_key`.execute(db);
  await sql`drop index if exists signals_engine_slot_key`.execute(db);
  await sql`alter table signals drop constraint if exists signals_author_matches_name`.execute(db);
  await sql`alter table signals add constraint signals_slot_start_key unique (slot_start)`.execute(db);
  await db.schema
    .alterTable('signals')
    .dropColumn('author_id')
    .dropColumn('author_name')
    .dropColumn('idempotency_key')
    .execute();
  await sql`update users set role = 'member' where role = 'analyst'`.execute(db);
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('member', 'admin'))`.execute(db);
}
