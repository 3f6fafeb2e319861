import { type Kysely, sql } from 'kysely';

/**
 * The track record becomes a witnessed log. Checkpoints are signed notes (the open C2SP format) kept
 * with the cosignatures independent witnesses return for them and every refusal a witness answered; the
 * log also takes entries that are not about one signal (its signing key, the payout figures use, and
 * how each slot ended), so `signal_id` may be null. Published entries are read from the payloads the log
 * stored, never rebuilt from the signals table, so the log of written signals and its trigger go. Each
 * signal keeps the checkpoint that covered it at issue, which every delivered copy carries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists track_record_signal_written on signals`.execute(db);
  await sql`drop function if exists track_record_signal_written()`.execute(db);
  await sql`drop trigger if exists track_record_signals_changed on signals`.execute(db);
  await sql`drop function if exists track_record_signals_changed()`.execute(db);
  await sql`drop sequence if exists track_record_signals_revision`.execute(db);
  await db.schema.dropTable('track_record_signal_changes').ifExists().execute();

  await sql`alter table track_record_chain alter column signal_id drop not null`.execute(db);
  await sql`alter table track_record_chain drop constraint track_record_chain_kind_check`.execute(db);
  await sql`alter table track_record_chain add constraint track_record_chain_kind_check
    check (kind in ('signal', 'outcome', 'key', 'payout', 'slot'))`.execute(db);
  // A signal and an outcome entry name their signal; the log's own entries name none.
  await sql`alter table track_record_chain add constraint track_record_chain_signal_named
    check ((kind in ('signal', 'outcome')) = (signal_id is not null))`.execute(db);

  await db.schema.alterTable('signals').addColumn('record_checkpoint', 'text').execute();

  await db.schema
    .createTable('track_record_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    // The Merkle root at that size, hex (the note holds it in base64).
    .addColumn('root', 'text', (c) => c.notNull())
    // The signed note as served: the checkpoint's text, a blank line, the log's signature line(s).
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('track_record_notes_size_idx').on('track_record_notes').columns(['size', 'id']).execute();

  await db.schema
    .createTable('track_record_cosignatures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('note_id', 'integer', (c) => c.notNull().references('track_record_notes.id'))
    // The witness's key name and key ID (8 hex digits), as its signature line gives them.
    .addColumn('witness', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    // The witness's own time of cosigning, seconds since the epoch (inside the signed bytes).
    .addColumn('cosigned_at', 'bigint', (c) => c.notNull())
    // The signature line exactly as the witness answered it.
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('track_record_cosignatures_note_witness_key', ['note_id', 'witness', 'key_id'])
    .execute();
  await db.schema
    .createIndex('track_record_cosignatures_witness_idx')
    .on('track_record_cosignatures')
    .columns(['witness', 'key_id', 'note_id'])
    .execute();

  await db.schema
    .createTable('track_record_witness_refusals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('witness', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    // The checkpoint refused (size and hex root) and the witness's answer.
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('root', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('refused_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Browsers now report signed notes; the older reports keep their separate fields.
  await db.schema.alterTable('track_record_witness_reports').addColumn('note', 'text').execute();
  for (const column of ['head', 'signed_at', 'signature']) {
    await sql`alter table track_record_witness_reports alter column ${sql.ref(column)} drop not null`.execute(db);
  }

  for (const table of ['track_record_notes', 'track_record_cosignatures', 'track_record_witness_refusals']) {
    await sql`
      create trigger ${sql.raw(`${table}_no_change`)} before update or delete on ${sql.table(table)}
      for each row execute function track_record_append_only()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function track_record_append_only()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('track_record_witness_refusals').ifExists().execute();
  await db.schema.dropTable('track_record_cosignatures').ifExists().execute();
  await db.schema.dropTable('track_record_notes').ifExists().execute();
  await db.schema.alterTable('track_record_witness_reports').dropColumn('note').execute();
  await db.schema.alterTable('signals').dropColumn('record_checkpoint').execute();
  await sql`alter table track_record_chain drop constraint track_record_chain_signal_named`.execute(db);
  await sql`alter table track_record_chain drop constraint track_record_chain_kind_check`.execute(db);
  await sql`alter table track_record_chain add constraint track_record_chain_kind_check
    check (kind in ('signal', 'outcome'))`.execute(db);
  await sql`alter table track_record_chain alter column signal_id set not null`.execute(db);
  await db.schema
    .createTable('track_record_signal_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('signal_id', 'uuid', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create function track_record_signal_written() returns trigger language plpgsql as $$
    begin
      insert into track_record_signal_changes (signal_id) values (new.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger track_record_signal_written after update on signals
    for each row execute function track_record_signal_written()`.execute(db);
}
