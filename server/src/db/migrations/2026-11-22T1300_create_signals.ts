import { type Kysely, sql } from 'kysely';

/** Signals (one per slot, gapless day sequence) and the single-row offer countdown. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('slot_start', 'timestamptz', (c) => c.notNull().unique())
    .addColumn('day_key', 'text', (c) => c.notNull())
    .addColumn('day_sequence', 'integer', (c) => c.notNull().check(sql`day_sequence > 0`))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('signal_type', 'text', (c) => c.notNull().check(sql`signal_type in ('buy', 'sell')`))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('CALL', 'PUT')`))
    .addColumn('entry_price', 'double precision', (c) => c.notNull())
    .addColumn('confidence', 'double precision', (c) => c.notNull().check(sql`confidence between 0 and 100`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status in ('active', 'expired', 'closed', 'hit_tp', 'hit_sl')`),
    )
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('profit', 'loss', 'breakeven')`))
    .addColumn('active_level', 'integer', (c) => c.notNull().defaultTo(0).check(sql`active_level between 0 and 3`))
    .addColumn('resolved_level', 'integer', (c) => c.check(sql`resolved_level between 0 and 3`))
    .addColumn('exit_price', 'double precision')
    .addColumn('window_ms', 'integer', (c) => c.notNull().check(sql`window_ms > 0`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('stop_loss', 'double precision')
    .addColumn('take_profit', 'double precision')
    .addColumn('analysis', 'text')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('simulated', 'feed')`))
    .addColumn('strategy', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz')
    .addColumn('resolved_at', 'timestamptz')
    // Resolved means it has an outcome, and only then.
    .addCheckConstraint('signals_outcome_matches_status', sql`(status = 'active') = (outcome is null)`)
    .addUniqueConstraint('signals_day_sequence_key', ['day_key', 'day_sequence'])
    .execute();
  await db.schema.createIndex('signals_created_at_idx').on('signals').column('created_at').execute();
  await sql`create index signals_active_idx on signals (expires_at) where status = 'active'`.execute(db);

  await db.schema
    .createTable('offer_countdown')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('window_minutes', 'integer', (c) => c.notNull().check(sql`window_minutes > 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('offer_countdown').ifExists().execute();
  await db.schema.dropTable('signals').ifExists().execute();
}
