/**
 * `npm run bench -- track-record [--signals 5000]`: the cost of the public track record on an embedded
 * database (PGlite in memory), or on PostgreSQL with BENCH_DATABASE_URL (an empty database):
 * backfilling a chain for N resolved signals (2N appends under the lock), the server's full check of
 * the public chain (every entry rebuilt from the signals table and rehashed), the same read again
 * (shared while nothing changed) and the JSON Lines walk.
 */
import { parseArgs } from 'node:util';
import { backfillTrackRecord } from '@signalroom/shared/node';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { streamEntries } from '../../server/src/modules/track-record/track-record.repository.js';
import { trackRecordHead } from '../../server/src/modules/track-record/track-record.service.js';

const { values } = parseArgs({ options: { signals: { type: 'string', default: '5000' } } });
const count = Number(values.signals);

async function timed<T>(label: string, run: () => Promise<T>, per?: number): Promise<T> {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  const rate = per ? `  (${Math.round((per / ms) * 1000)} entries/s)` : '';
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms${rate}`);
  return result;
}

const handle = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
const db = handle.db;
await migrateToLatest(db);
// N resolved signals, one per 5-minute slot, ending at the slot before now: a mix of outcomes and levels.
await sql`
  insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price, confidence,
    status, outcome, active_level, resolved_level, exit_price, window_ms, expires_at, source, strategy,
    created_at, updated_at, resolved_at)
  select t, 'bench-' || i, 1, 'EUR/USD (OTC)', 'buy', 'CALL', 1.08 + i / 1e6, 55 + (i % 15),
    case when i % 5 = 4 then 'expired' else 'closed' end,
    case when i % 5 = 4 then 'loss' else 'profit' end,
    i % 4, case when i % 5 = 4 then null else i % 4 end, 1.081, 300000, t + interval '5 minutes',
    'simulated', 'bench', t, t + interval '10 minutes', t + interval '10 minutes'
  from generate_series(1, ${count}) as i, lateral (select now() - (${count} - i + 2) * interval '5 minutes' as t) s
`.execute(db);
console.log(`${count} resolved signals on ${handle.kind}\n`);

const appended = await timed('backfill (issue + outcome per signal)', () => backfillTrackRecord(db), count * 2);
const ctx = { db, now: () => new Date() };
const head = await timed('server check of the public chain', () => trackRecordHead(ctx), appended);
await timed('same read again (nothing changed)', () => trackRecordHead(ctx));
await timed(
  'JSON Lines walk of the public chain',
  async () => {
    let bytes = 0;
    for await (const entry of streamEntries(db, head.length)) bytes += JSON.stringify(entry).length + 1;
    return bytes;
  },
  head.length,
);
console.log(`\npublic length ${head.length}, broken at ${head.brokenAt ?? 'none'}`);
await handle.close();
