/**
 * `npm run bench -- track-record [--signals 105120] [--appends 300] [--no-browser]`: the cost of the
 * public track record at a year of signals (105,120 five-minute slots, each issued and resolved: 210,240
 * entries, as many signed checkpoints), on an embedded database (PGlite in a scratch folder):
 * - building the year (every entry chained, its tree nodes and its signed checkpoint written);
 * - one live append on top of it (issue or outcome: lock, tree frontier, entry, nodes, signed checkpoint),
 *   beside the floor of a bare one-row insert transaction;
 * - checkpoint signing and verifying alone (Node's Ed25519);
 * - the server's full check of the year, and an incremental check after one more append;
 * - the standalone verifier page verifying the whole year in Chromium (`CHROMIUM_PATH`, default
 *   /usr/bin/chromium; needs `npm run build`), beside the floor of the page merely downloading it.
 */
import { createPublicKey, verify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkpointMessage } from '@signalroom/shared';
import {
  appendUnrecordedSignals,
  recordIssuedSignal,
  recordSignalOutcome,
  type SignalRow,
  trackRecordSigner,
} from '@signalroom/shared-node';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { parseConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { createTrackRecordMonitor } from '../../server/src/modules/track-record/track-record.monitor.js';
import { startServer } from '../../server/src/server.js';
import { log, median } from './bench-common.js';

/** A live signal's row for the slot starting at `slot`, as the engine inserts it. */
const liveSignal = (slot: Date, key: string) => ({
  slot_start: slot,
  day_key: key,
  day_sequence: 1,
  asset: 'USD/JPY',
  signal_type: 'buy' as const,
  direction: 'CALL' as const,
  entry_price: 150,
  confidence: 60,
  window_ms: 300_000,
  expires_at: new Date(slot.getTime() + 300_000),
  source: 'simulated' as const,
  strategy: 'bench',
  created_at: slot,
});

const { values } = parseArgs({
  options: {
    signals: { type: 'string', default: '105120' },
    appends: { type: 'string', default: '300' },
    'no-browser': { type: 'boolean', default: false },
  },
});
const count = Number(values.signals);
const appends = Number(values.appends);
const webDist = new URL('../../web/dist', import.meta.url).pathname;

async function timed<T>(label: string, run: () => Promise<T>, per?: { n: number; unit: string }): Promise<T> {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  const rate = per ? `  (${Math.round((per.n / ms) * 1000).toLocaleString('en-US')} ${per.unit}/s)` : '';
  log(`${label.padEnd(58)} ${ms.toFixed(0).padStart(8)} ms${rate}`);
  return result;
}

// In memory-backed storage where the machine has it: the figures are the database's, not the disk's.
const dataDir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sr-bench-track-record-'));
const handle = await openDatabase({ dataDir });
const db = handle.db;
await migrateToLatest(db);

// A year of resolved signals, one per 5-minute slot, ending at the slot before now: a mix of outcomes and levels.
await sql`
  insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price, confidence,
    status, outcome, active_level, resolved_level, exit_price, window_ms, expires_at, source, strategy,
    created_at, updated_at, resolved_at)
  select t, 'bench-' || i, 1, case when i % 3 = 0 then 'EUR/USD (OTC)' else 'USD/JPY' end, 'buy',
    case when i % 2 = 0 then 'CALL' else 'PUT' end, 1.08 + i / 1e6, 55 + (i % 15),
    case when i % 5 = 4 then 'expired' else 'closed' end,
    case when i % 5 = 4 then 'loss' else 'profit' end,
    i % 4, case when i % 5 = 4 then null else i % 4 end, 1.081, 300000, t + interval '5 minutes',
    'simulated', 'bench', t, t + interval '10 minutes', t + interval '10 minutes'
  from generate_series(1, ${count}) as i, lateral (select now() - (${count} - i + 40) * interval '5 minutes' as t) s
`.execute(db);
log(`${count.toLocaleString('en-US')} resolved signals (${(count * 2).toLocaleString('en-US')} entries) on PGlite\n`);

const built = await timed(
  'build the year: entries, tree, a signed checkpoint each',
  () => appendUnrecordedSignals(db, new Date()),
  { n: count * 2, unit: 'entries' },
);

// One live append at a time on top of the year, as the engine makes them, beside a bare insert.
const signer = await trackRecordSigner(db);
const appendMs: number[] = [];
const floorMs: number[] = [];
const base = Date.now() + 3600_000;
for (let i = 0; i < appends; i += 1) {
  const slot = new Date(base + i * 300_000);
  let started = performance.now();
  const row = await recordIssuedSignal(
    db,
    (trx) =>
      trx
        .insertInto('signals')
        .values(liveSignal(slot, `live-${i}`))
        .returningAll()
        .executeTakeFirst() as Promise<SignalRow>,
  );
  appendMs.push(performance.now() - started);
  started = performance.now();
  await recordSignalOutcome(
    db,
    (trx) =>
      trx
        .updateTable('signals')
        .set({ status: 'closed', outcome: 'profit', resolved_level: 0, exit_price: 150.1, resolved_at: slot })
        .where('id', '=', row?.id ?? '')
        .returningAll()
        .executeTakeFirst() as Promise<SignalRow>,
  );
  appendMs.push(performance.now() - started);
  started = performance.now();
  await db
    .transaction()
    .execute((trx) => sql`insert into app_secrets (name, value) values (${`bench-${i}`}, 'x')`.execute(trx));
  floorMs.push(performance.now() - started);
}
log(`${`one live append (median of ${appendMs.length})`.padEnd(58)} ${median(appendMs).toFixed(2).padStart(8)} ms`);
log(`${'  floor: a bare one-row insert transaction'.padEnd(58)} ${median(floorMs).toFixed(2).padStart(8)} ms`);

const cp = signer.sign({ size: 1, head: '0'.repeat(64), root: '0'.repeat(64), time: new Date().toISOString() });
const signs = 5000;
await timed(
  'sign a checkpoint (Ed25519, Node)',
  async () => {
    for (let i = 0; i < signs; i += 1) signer.sign({ ...cp, size: i });
  },
  { n: signs, unit: 'checkpoints' },
);
const key = createPublicKey({
  key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(signer.publicKey, 'hex').toString('base64url') },
  format: 'jwk',
});
await timed(
  'verify a checkpoint signature (Ed25519, Node)',
  async () => {
    const message = Buffer.from(checkpointMessage(cp));
    const signature = Buffer.from(cp.signature, 'hex');
    for (let i = 0; i < signs; i += 1) verify(null, message, key, signature);
  },
  { n: signs, unit: 'checkpoints' },
);

const total = count * 2 + appends * 2;
const monitor = createTrackRecordMonitor(db, () => new Date());
const full = await timed('server full check of the year (entries + checkpoints)', () => monitor.fullCheck(), {
  n: total,
  unit: 'entries',
});
await recordIssuedSignal(
  db,
  (trx) =>
    trx
      .insertInto('signals')
      .values(liveSignal(new Date(base - 300_000), 'live-last'))
      .returningAll()
      .executeTakeFirst() as Promise<SignalRow>,
);
const incremental = await timed('server incremental check after one more append', () => monitor.check());
log(
  `\nchain ${incremental.checkedLength.toLocaleString('en-US')} entries, broken at ${full.brokenAt ?? incremental.brokenAt ?? 'none'}; built ${built.appended} in one repair`,
);
await handle.close();

if (!values['no-browser']) {
  if (!existsSync(join(webDist, 'verifier', 'verifier.html')))
    throw new Error('No web build: run `npm run build` first');
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    EMBEDDED_WORKER: 'false',
    WEB_DIST_DIR: webDist,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config);
  // The server's first full check after start (off the request path) is measured above; wait for it so
  // the page's time is the page's.
  await fetch(`${server.url}/api/track-record/head`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/verify-track-record.html`);
    const downloadMs = await page.evaluate(async () => {
      const started = performance.now();
      await (await fetch('/api/track-record/download')).text();
      return performance.now() - started;
    });
    log(`\n${'browser floor: download the public record only'.padEnd(58)} ${downloadMs.toFixed(0).padStart(8)} ms`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForFunction(() => ['ok', 'broken', 'error'].includes(document.body.dataset.verdict ?? ''), null, {
      timeout: 600_000,
    });
    const outcome = await page.evaluate(() => ({
      verdict: document.body.dataset.verdict,
      seconds: document.body.dataset.seconds,
      status: document.getElementById('status')?.textContent,
      figures: document.getElementById('figures-verdict')?.textContent,
    }));
    log(
      `${'browser: the verifier page verifies the whole year'.padEnd(58)} ${(Number(outcome.seconds) * 1000).toFixed(0).padStart(8)} ms  (goal < 10,000 ms)`,
    );
    log(`  ${outcome.verdict}: ${outcome.status} ${outcome.figures}`);
  } finally {
    await browser.close();
    await server.close();
  }
}
await rm(dataDir, { recursive: true, force: true });
