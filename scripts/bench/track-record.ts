/**
 * `npm run bench -- track-record [--signals 105120] [--no-browser]`: the witnessed track record at a
 * year of signals (105,120 five-minute slots, each issued and resolved: 210,240 entries), on an
 * embedded database (PGlite in a scratch folder), with one witness's cosignature on the checkpoint of
 * every signal (made here with the witness's key, timestamped a second after its slot, as a live
 * witness would), as a year of real operation leaves it:
 * - building the year (entries chained and hashed, a signed checkpoint and a cosignature a signal);
 * - a server starting on it: the whole log verified (every entry, every cosignature) before it serves;
 * - the summary's figures, computed from the witnessed log;
 * - the standalone verifier page verifying the whole year in Chromium (`CHROMIUM_PATH`, default
 *   /usr/bin/chromium; needs `npm run build`): every entry from the public bundles, the witness's
 *   cosignatures, every figure recomputed; beside the floor of the page merely downloading the entries.
 */
import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  bytesToHex,
  createMerkleAccumulator,
  encodeTrackRecordPayload,
  type TTrackRecordPayload,
  trackRecordHashInput,
} from '@signalroom/shared';
import {
  cosignatureMessage,
  cosignerKeyId,
  ed25519NoteSigner,
  encodeBase64,
  entryBundlePath,
  formatCheckpoint,
  formatKeyId,
  formatSignatureLine,
  formatSignedNote,
  formatVerifierKey,
  NOTE_KEY_TYPE_COSIGNATURE_V1,
} from '@signalroom/shared/tlog';
import { formatPrivateKey, nodeSha256, sha256Hex } from '@signalroom/shared-node';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { parseConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';
import { startServer } from '../../server/src/server.js';
import { log } from './bench-common.js';

const { values } = parseArgs({
  options: {
    signals: { type: 'string', default: '105120' },
    'no-browser': { type: 'boolean', default: false },
    /** Writes a CPU profile of the verifier page's run (Chrome DevTools format) and prints its top functions. */
    profile: { type: 'string' },
  },
});
const count = Number(values.signals);
const webDist = new URL('../../web/dist', import.meta.url).pathname;
const SLOT_MS = 300_000;

/** CPU time the whole machine spent busy so far (ms), from /proc/stat (Linux). */
function machineCpuMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return ((user + nice + system + irq + softirq) * 1000) / 100;
}

async function timed<T>(label: string, run: () => Promise<T>, per?: { n: number; unit: string }): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  const rate = per ? `  (${Math.round((per.n / ms) * 1000).toLocaleString('en-US')} ${per.unit}/s)` : '';
  log(`${label.padEnd(62)} ${ms.toFixed(0).padStart(8)} ms${rate}`);
  return [result, ms];
}

/** An Ed25519 key of Node's, from a seed (signing a year with the portable code would take minutes). */
function nodeKey(seed: Uint8Array) {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

// In memory-backed storage where the machine has it: the figures are the database's, not the disk's.
const scratch = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sr-bench-track-record-'));
const dataDir = join(scratch, 'data');
const origin = 'bench.signalroom.local/track-record';
const logSeed = randomBytes(32);
const logSigner = ed25519NoteSigner(origin, logSeed);
const logKey = nodeKey(logSeed);
const witnessName = 'witness.bench.local/one';
const witnessSeed = randomBytes(32);
const witnessPublic = ed25519NoteSigner(witnessName, witnessSeed).publicKey;
const witnessVkey = formatVerifierKey(witnessName, NOTE_KEY_TYPE_COSIGNATURE_V1, witnessPublic);
const witnessKey = nodeKey(witnessSeed);
const witnessKeyId = cosignerKeyId(witnessName, witnessPublic);
const keyFile = join(scratch, 'record-signing.key');
await writeFile(keyFile, formatPrivateKey(origin, logSeed), { mode: 0o600 });

const handle = await openDatabase({ dataDir });
const db = handle.db;
await migrateToLatest(db);

const start = Math.floor(Date.now() / SLOT_MS) * SLOT_MS - (count + 2) * SLOT_MS;
await sql`
  insert into signals (slot_start, day_key, day_sequence, asset, signal_type, direction, entry_price, confidence,
    status, outcome, active_level, resolved_level, exit_price, window_ms, expires_at, source, strategy,
    created_at, issued_at, updated_at, resolved_at)
  select t, 'bench-' || i, 1, case when i % 3 = 0 then 'EUR/USD' else 'USD/JPY' end, 'buy',
    case when i % 2 = 0 then 'CALL' else 'PUT' end, 1.08 + i / 1e6, 55 + (i % 15),
    case when i % 5 = 4 then 'expired' else 'closed' end,
    case when i % 5 = 4 then 'loss' else 'profit' end,
    i % 4, case when i % 5 = 4 then null else i % 4 end, 1.081, ${SLOT_MS}, t + interval '5 minutes',
    'simulated', 'bench', t, t, t + interval '10 minutes', t + interval '10 minutes'
  from generate_series(1, ${count}) as i,
    lateral (select to_timestamp(${start / 1000}::bigint + i * ${SLOT_MS / 1000}) as t) s
`.execute(db);

const [, buildMs] = await timed(
  'build the year: entries, a signed checkpoint and a cosignature a signal',
  async () => {
    const rows = await db
      .selectFrom('signals')
      .select([
        'id',
        'asset',
        'direction',
        'entry_price',
        'confidence',
        'slot_start',
        'outcome',
        'active_level',
        'resolved_level',
      ])
      .orderBy('slot_start')
      .execute();
    const tree = createMerkleAccumulator(nodeSha256);
    let prev = '0'.repeat(64);
    let seq = 0;
    let chain: Record<string, unknown>[] = [];
    let notes: Record<string, unknown>[] = [];
    let cosignatures: { note: number; at: number; body: string }[] = [];
    const iso = (ms: number) => new Date(ms).toISOString();
    const push = (
      payload: TTrackRecordPayload,
      signalId: string | null,
      publicAt: number,
      appendedAt: number,
      salt: string | null,
    ) => {
      seq += 1;
      const hash = sha256Hex(trackRecordHashInput(prev, payload));
      chain.push({
        seq,
        kind: payload.kind,
        signal_id: signalId,
        prev_hash: prev,
        hash,
        payload: encodeTrackRecordPayload(payload),
        public_at: new Date(publicAt),
        appended_at: new Date(appendedAt),
        version: 2,
        salt,
      });
      tree.push(Buffer.from(hash, 'hex'));
      prev = hash;
      return hash;
    };
    const flush = async () => {
      for (let i = 0; i < chain.length; i += 500)
        await db
          .insertInto('track_record_chain')
          .values(chain.slice(i, i + 500) as never)
          .execute();
      for (let i = 0; i < notes.length; i += 500) {
        const inserted = await db
          .insertInto('track_record_notes')
          .values(notes.slice(i, i + 500) as never)
          .returning('id')
          .execute();
        const lines = inserted.map((row, j) => {
          const cs = cosignatures[i + j] as { at: number; body: string };
          const signature = sign(null, Buffer.from(cosignatureMessage(cs.body, cs.at)), witnessKey);
          const bytes = new Uint8Array(72);
          new DataView(bytes.buffer).setBigUint64(0, BigInt(cs.at));
          bytes.set(signature, 8);
          return {
            note_id: row.id,
            witness: witnessName,
            key_id: formatKeyId(witnessKeyId),
            cosigned_at: cs.at,
            line: formatSignatureLine({ name: witnessName, keyId: witnessKeyId, signature: bytes }),
          };
        });
        await db.insertInto('track_record_cosignatures').values(lines).execute();
      }
      chain = [];
      notes = [];
      cosignatures = [];
    };
    const first = start;
    push(
      { v: 2, kind: 'key', key: logSigner.verifierKey, previous: null, endorsement: null, appendedAt: iso(first) },
      null,
      0,
      first,
      null,
    );
    push({ v: 2, kind: 'payout', payoutPercent: 80, appendedAt: iso(first) }, null, 0, first, null);
    for (const row of rows) {
      const slot = new Date(row.slot_start).getTime();
      const expires = slot + SLOT_MS;
      const signal: TTrackRecordPayload = {
        v: 2,
        kind: 'signal',
        id: row.id,
        asset: row.asset,
        direction: row.direction,
        entryPrice: row.entry_price,
        confidence: row.confidence,
        slot: iso(slot),
        issuedAt: iso(slot),
        expiresAt: iso(expires),
        source: 'model:bench',
        feed: 'simulated',
        appendedAt: iso(slot + 20),
        salt: randomBytes(16).toString('hex'),
      };
      const issued = push(signal, row.id, expires, slot + 20, signal.salt);
      const level = row.resolved_level ?? row.active_level;
      const resolvedAt = slot + (level + 1) * SLOT_MS;
      push(
        {
          v: 2,
          kind: 'outcome',
          signalHash: issued,
          outcome: row.outcome,
          status: row.outcome === 'loss' ? 'expired' : 'closed',
          level,
          exitPrice: 1.081,
          resolvedAt: iso(resolvedAt),
          appendedAt: iso(resolvedAt),
          salt: randomBytes(16).toString('hex'),
        },
        row.id,
        expires,
        resolvedAt,
        randomBytes(16).toString('hex'),
      );
      const body = formatCheckpoint({ origin, size: seq, rootHash: tree.root(), extensions: [] });
      const logLine = {
        name: origin,
        keyId: logSigner.keyId,
        signature: new Uint8Array(sign(null, Buffer.from(body), logKey)),
      };
      notes.push({
        size: seq,
        root: bytesToHex(tree.root()),
        note: formatSignedNote(body, [logLine]),
        signed_at: new Date(slot + 20),
      });
      cosignatures.push({ note: 0, at: Math.floor(slot / 1000) + 1, body });
      if (chain.length >= 5000) await flush();
    }
    await flush();
    await sql`update signals set record_seq = c.seq, record_hash = c.hash
      from track_record_chain c where c.signal_id = signals.id and c.kind = 'signal'`.execute(db);
    return seq;
  },
  { n: count * 2, unit: 'entries' },
);
await handle.close();

const config = parseConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  EMBEDDED_WORKER: 'false',
  WEB_DIST_DIR: webDist,
  PORT: '0',
  HOST: '127.0.0.1',
  RATE_LIMITS: 'false',
  LOG_LEVEL: 'warn',
  RECORD_SIGNING_KEY_FILE: keyFile,
  RECORD_ORIGIN: origin,
  // Never asked here (its cosignatures are already stored): a round to it finds nobody and tries later.
  RECORD_WITNESSES: `${witnessVkey}@http://127.0.0.1:9`,
});
const [server] = await timed(
  'a server starts on the year: every entry and cosignature verified',
  () => startServer(config),
  {
    n: count * 3,
    unit: 'entries and cosignatures',
  },
);
try {
  const [summary] = await timed('the track record summary (figures from the witnessed log)', async () => {
    const response = await fetch(`${server.url}/api/track-record/summary`);
    return ((await response.json()) as { data: { counted: { counted: number; late: number }; stats: unknown } }).data;
  });
  log(
    `  counted ${summary.counted.counted.toLocaleString('en-US')} signals, late ${summary.counted.late}, figures ${summary.stats ? 'shown' : 'withheld'}`,
  );

  // What serving the verifier page costs the server, file by file: its CPU shares the machine with the page.
  const served = async (label: string, fetchAll: () => Promise<number>) => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const bytes = await fetchAll();
    const cpu = process.cpuUsage(cpuBefore);
    log(
      `${label.padEnd(62)} ${(performance.now() - started).toFixed(0).padStart(8)} ms  (server CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, ${(bytes / 1e6).toFixed(1)} MB)`,
    );
  };
  await served('the server serving every full entry bundle (256 entries each)', async () => {
    let bytes = 0;
    for (let i = 0; i < Math.floor((count * 2 + 2) / 256); i += 1) {
      const path = entryBundlePath(i).slice('tile/entries/'.length);
      bytes += (await (await fetch(`${server.url}/api/track-record/contents/${path}`)).arrayBuffer()).byteLength;
    }
    return bytes;
  });
  await served('the server serving every page of cosigned checkpoints (1,000 each)', async () => {
    let bytes = 0;
    for (let after: number | null = 0; after !== null; ) {
      const text = await (await fetch(`${server.url}/api/track-record/checkpoints?after=${after}&limit=1000`)).text();
      bytes += text.length;
      after = (JSON.parse(text) as { data: { nextAfter: number | null } }).data.nextAfter;
    }
    return bytes;
  });

  if (!values['no-browser']) {
    if (!existsSync(join(webDist, 'verifier', 'verifier.html')))
      throw new Error('No web build: run `npm run build` first');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/verify-track-record.html`);
      const downloadMs = await page.evaluate(async () => {
        const started = performance.now();
        await (await fetch('/api/track-record/download')).text();
        return performance.now() - started;
      });
      await page.waitForFunction(() => (document.getElementById('witnesses') as HTMLTextAreaElement).value !== '');
      const cdp = values.profile ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const serverCpuBefore = process.cpuUsage();
      const machineBefore = machineCpuMs();
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForFunction(() => ['ok', 'broken', 'error'].includes(document.body.dataset.verdict ?? ''), null, {
        timeout: 600_000,
      });
      const serverCpu = process.cpuUsage(serverCpuBefore);
      const serverCpuMs = (serverCpu.user + serverCpu.system) / 1000;
      const machineMs = machineCpuMs() - machineBefore;
      if (cdp && values.profile) {
        const { profile } = await cdp.send('Profiler.stop');
        await writeFile(values.profile, JSON.stringify(profile));
        log(`\nCPU profile written to ${values.profile}; most self time:`);
        for (const line of topSelfTime(profile, 12)) log(`  ${line}`);
      }
      const outcome = await page.evaluate(() => ({
        verdict: document.body.dataset.verdict,
        seconds: document.body.dataset.seconds,
        status: document.getElementById('status')?.textContent,
        figures: document.getElementById('figures-verdict')?.textContent,
        problems: document.getElementById('problems')?.textContent,
      }));
      const verifyMs = Number(outcome.seconds) * 1000;
      log(`\n${'browser floor: download the public log only'.padEnd(62)} ${downloadMs.toFixed(0).padStart(8)} ms`);
      log(
        `${'browser: the verifier page verifies the whole year'.padEnd(62)} ${verifyMs.toFixed(0).padStart(8)} ms  ` +
          `(${(verifyMs / downloadMs).toFixed(1)}x the download; goal < 10,000 ms: ${verifyMs < 10_000 ? 'met' : 'NOT met'})`,
      );
      log(`  ${outcome.verdict}: ${outcome.status} ${outcome.figures} ${outcome.problems ?? ''}`);
      log(
        `  CPU meanwhile: the server serving the page ${(serverCpuMs / 1000).toFixed(1)} s, the browser and the rest of the machine ${((machineMs - serverCpuMs) / 1000).toFixed(1)} s`,
      );
    } finally {
      await browser.close();
    }
  }
  log(`\nbuilt ${count.toLocaleString('en-US')} signals in ${(buildMs / 1000).toFixed(1)} s`);
} finally {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
}

/** The functions with the most self time in a DevTools CPU profile, "ms  name  url:line". */
function topSelfTime(
  profile: {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples?: number[];
    timeDeltas?: number[];
  },
  n: number,
): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id);
    const key = frame
      ? `${frame.functionName || '(anonymous)'}  ${frame.url.split('/').pop()}:${frame.lineNumber}`
      : '?';
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`);
}
