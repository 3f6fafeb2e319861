import { type Kysely, sql } from 'kysely';

/**
 * The track record's hash chain: one entry when a signal is issued and one when it resolves, in the
 * order appended (`seq` from 1, gapless: appends hold one advisory lock). The database refuses to
 * change or remove an entry; signals the chain names cannot be deleted either. Signals issued before
 * this table existed are appended at start, in slot order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('track_record_chain')
    .addColumn('seq', 'integer', (c) => c.primaryKey().check(sql`seq > 0`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('signal', 'outcome')`))
    .addColumn('signal_id', 'uuid', (c) => c.notNull().references('signals.id'))
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    // The canonical payload as appended (what the hash covers); published entries are rebuilt from the
    // signals table instead, so a changed signal shows as a broken entry.
    .addColumn('payload', 'text', (c) => c.notNull())
    // The end of the signal's primary window: the entry is public from then on.
    .addColumn('public_at', 'timestamptz', (c) => c.notNull())
    .addColumn('appended_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('track_record_chain_signal_kind_key', ['signal_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('track_record_chain_public_at_idx')
    .on('track_record_chain')
    .column('public_at')
    .execute();
  await sql`
    create function track_record_chain_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'track_record_chain is append-only: % refused', tg_op;
    end $$`.execute(db);
  await sql`
    create trigger track_record_chain_no_change before update or delete on track_record_chain
    for each row execute function track_record_chain_append_only()`.execute(db);
  await sql`
    create trigger track_record_chain_no_truncate before truncate on track_record_chain
    for each statement execute function track_record_chain_append_only()`.execute(db);
  // Any write to the signals table moves this counter, so the server knows when its last check of the
  // public record against the signals is out of date without reading them all.
  await sql`create sequence track_record_signals_revision`.execute(db);
  await sql`
    create function track_record_signals_changed() returns trigger language plpgsql as $$
    begin
      perform nextval('track_record_signals_revision');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger track_record_signals_changed after insert or update or delete or truncate on signals
    for each statement execute function track_record_signals_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists track_record_signals_changed on signals`.execute(db);
  await sql`drop function if exists track_record_signals_changed()`.execute(db);
  await sql`drop sequence if exists track_record_signals_revision`.execute(db);
  await db.schema.dropTable('track_record_chain').ifExists().execute();
  await sql`drop function if exists track_record_chain_append_only()`.execute(db);
}
