// npm run bench -- bots [--bots 10000] [--signals 5]
//
// Time the paper-trading bots take to follow one signal: N members (default 10,000), all gold with a
// running bot (risk levels, sizes and daily maximums mixed), then for each of --signals signals: the
// open step (one INSERT ... SELECT for every bot) and, once the signal is resolved, the close step (one
// UPDATE ... FROM). The same repository calls the worker makes. Prints each step's time per signal and
// the median and worst; the goal is under 1 s each on a small machine.
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a scratch
// database is created beside it and dropped).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { closePaperTrades, type Database, openPaperTrades } from '@signalroom/shared-node';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { baseDbUrl, median } from './bench-common.js';

const { values: flags } = parseArgs({
  options: { bots: { type: 'string', default: '10000' }, signals: { type: 'string', default: '5' } },
  allowPositionals: true,
});
const bots = Math.max(1, Number(flags.bots));
const signals = Math.max(1, Number(flags.signals));
const dbName = `sr_bench_bots_${randomBytes(5).toString('hex')}`;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseDbUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function seed(db: Kysely<Database>): Promise<void> {
  await sql`
    insert into users (email, full_name, phone, country, password_hash, role, tier, dashboard_unlocked,
      has_deposited, admission_code, email_verified_at)
    select 'bot-' || i || '@example.com', 'Bench Member ' || i, '+2348012345678', 'Nigeria', 'x', 'member',
      'gold', true, true, 'SR-BENCH-' || i, now()
    from generate_series(1, ${bots}) as i`.execute(db);
  await sql`
    insert into bot_settings (user_id, risk_level, max_trades_per_day, trade_size, active, updated_at)
    select id, (array['conservative', 'moderate', 'aggressive'])[1 + (row_number() over () % 3)],
      100, (array[50, 100, 250])[1 + (row_number() over () % 3)], true, now()
    from users`.execute(db);
  await sql`analyze`.execute(db);
}

async function main(): Promise<void> {
  await admin(`create database ${dbName}`);
  const url = new URL(baseDbUrl);
  url.pathname = `/${dbName}`;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 4 }) }),
  });
  try {
    await migrateToLatest(db);
    await seed(db);
    console.log(`bench:bots ${bots} running gold bots, ${signals} signals`);
    const opens: number[] = [];
    const closes: number[] = [];
    for (let i = 0; i < signals; i += 1) {
      const slot = new Date(Date.UTC(2030, 0, 1, 9, 5 * i));
      const signal = await db
        .insertInto('signals')
        .values({
          slot_start: slot,
          day_key: '2030-01-01',
          day_sequence: i + 1,
          asset: 'EUR/USD (OTC)',
          signal_type: 'buy',
          direction: 'CALL',
          entry_price: 1.085,
          // 65 % clears every risk level, so every bot trades: the worst case.
          confidence: 65,
          window_ms: 300_000,
          expires_at: new Date(slot.getTime() + 300_000),
          outcome: null,
          resolved_level: null,
          exit_price: null,
          stop_loss: null,
          take_profit: null,
          analysis: null,
          source: 'simulated',
          strategy: 'bench',
          created_at: slot,
          updated_at: null,
          resolved_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let start = process.hrtime.bigint();
      const opened = await openPaperTrades(db, signal.id, slot);
      opens.push(ms(start));
      const won = i % 2 === 0;
      await db
        .updateTable('signals')
        .set({ status: won ? 'closed' : 'expired', outcome: won ? 'profit' : 'loss', active_level: won ? 1 : 3 })
        .set({ resolved_level: won ? 1 : null, resolved_at: slot })
        .where('id', '=', signal.id)
        .execute();
      start = process.hrtime.bigint();
      const closed = await closePaperTrades(db, signal.id, slot);
      closes.push(ms(start));
      console.log(
        `signal ${i + 1}: opened ${opened} trades in ${opens.at(-1)?.toFixed(0)} ms, closed ${closed} in ${closes.at(-1)?.toFixed(0)} ms`,
      );
    }
    const verdict = (xs: number[]) => (Math.max(...xs) < 1000 ? 'under 1 s' : 'OVER 1 s');
    console.log(
      `open:  median ${median(opens).toFixed(0)} ms, worst ${Math.max(...opens).toFixed(0)} ms (${verdict(opens)})`,
    );
    console.log(
      `close: median ${median(closes).toFixed(0)} ms, worst ${Math.max(...closes).toFixed(0)} ms (${verdict(closes)})`,
    );
  } finally {
    await db.destroy();
    await admin(`drop database if exists ${dbName} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
