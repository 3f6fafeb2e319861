import { type Kysely, sql } from 'kysely';

/**
 * What lets outsiders hold the track record to its past: the Merkle tree over the chain's entries
 * (every completed perfect subtree, so proofs are read, not recomputed), the signed checkpoints (one at
 * every append, and at least one per slot), a log of which signals were written (so the server's check
 * re-verifies just those entries), reports from members' browsers that saw history rewritten, and on
 * each signal a pointer to its issue entry (members' copies carry that hash). New entries carry their
 * payload version and salt. The tree, checkpoints and reports refuse UPDATE, DELETE and TRUNCATE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('track_record_chain')
    .addColumn('version', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('salt', 'text')
    .execute();

  await db.schema
    .createTable('track_record_tree')
    .addColumn('level', 'smallint', (c) => c.notNull().check(sql`level >= 0`))
    .addColumn('idx', 'integer', (c) => c.notNull().check(sql`idx >= 0`))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('track_record_tree_pkey', ['level', 'idx'])
    .execute();

  await db.schema
    .createTable('track_record_checkpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('head', 'text', (c) => c.notNull())
    .addColumn('root', 'text', (c) => c.notNull())
    // The signed time as text, exactly as signed (a timestamptz would round-trip through microseconds).
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('track_record_checkpoints_size_idx')
    .on('track_record_checkpoints')
    .columns(['size', 'id'])
    .execute();

  await db.schema
    .createTable('track_record_witness_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('head', 'text', (c) => c.notNull())
    .addColumn('root', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('track_record_witness_reports_checkpoint_key', ['size', 'root'])
    .execute();

  await sql`
    create function track_record_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % refused', tg_table_name, tg_op;
    end $$`.execute(db);
  for (const table of ['track_record_tree', 'track_record_checkpoints', 'track_record_witness_reports']) {
    await sql`
      create trigger ${sql.raw(`${table}_no_change`)} before update or delete on ${sql.table(table)}
      for each row execute function track_record_append_only()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
      for each statement execute function track_record_append_only()`.execute(db);
  }

  await db.schema.alterTable('signals').addColumn('record_seq', 'integer').addColumn('record_hash', 'text').execute();
  await sql`
    update signals set record_seq = c.seq, record_hash = c.hash
    from track_record_chain c where c.signal_id = signals.id and c.kind = 'signal'`.execute(db);

  // Every written signal, in order: the server's check re-verifies the entries of just these signals
  // (the periodic full check covers writes made with triggers disabled).
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

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists track_record_signal_written on signals`.execute(db);
  await sql`drop function if exists track_record_signal_written()`.execute(db);
  await db.schema.dropTable('track_record_signal_changes').ifExists().execute();
  await db.schema.alterTable('signals').dropColumn('record_seq').dropColumn('record_hash').execute();
  await db.schema.dropTable('track_record_witness_reports').ifExists().execute();
  await db.schema.dropTable('track_record_checkpoints').ifExists().execute();
  await db.schema.dropTable('track_record_tree').ifExists().execute();
  await sql`drop function if exists track_record_append_only()`.execute(db);
  await db.schema.alterTable('track_record_chain').dropColumn('version').dropColumn('salt').execute();
}
