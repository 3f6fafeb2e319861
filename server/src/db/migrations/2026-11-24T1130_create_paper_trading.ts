import { type Kysely, sql } from 'kysely';

/**
 * Gold members' paper-trading bots: their settings and their trades, one per signal they follow. Both
 * leave with the member (ON DELETE CASCADE); a trade leaves with its signal too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bot_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('risk_level', 'text', (c) =>
      c.notNull().check(sql`risk_level in ('conservative', 'moderate', 'aggressive')`),
    )
    .addColumn('max_trades_per_day', 'integer', (c) => c.notNull().check(sql`max_trades_per_day between 1 and 100`))
    .addColumn('trade_size', 'integer', (c) => c.notNull().check(sql`trade_size in (50, 100, 250)`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The worker's open step reads the running bots only.
  await sql`create index bot_settings_active_idx on bot_settings (user_id) where active`.execute(db);

  await db.schema
    .createTable('paper_trades')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('signal_id', 'uuid', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('day_key', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('CALL', 'PUT')`))
    .addColumn('stake', 'integer', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('max_level', 'integer', (c) => c.notNull().check(sql`max_level between 0 and 3`))
    .addColumn('confidence', 'double precision', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('level', 'integer')
    .addColumn('pnl', 'double precision')
    .addColumn('result', 'text', (c) => c.check(sql`result in ('WIN', 'LOSS', 'EVEN')`))
    .addUniqueConstraint('paper_trades_user_signal_key', ['user_id', 'signal_id'])
    .execute();
  await db.schema.createIndex('paper_trades_user_day_idx').on('paper_trades').columns(['user_id', 'day_key']).execute();
  await db.schema
    .createIndex('paper_trades_user_closed_idx')
    .on('paper_trades')
    .columns(['user_id', 'closed_at'])
    .execute();
  await sql`create index paper_trades_open_signal_idx on paper_trades (signal_id) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('paper_trades').execute();
  await db.schema.dropTable('bot_settings').execute();
}
