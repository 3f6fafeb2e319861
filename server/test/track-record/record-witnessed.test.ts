import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bytesToHex,
  noteSignedBy,
  readCheckpointNote,
  type TPublicStats,
  type TRecordWitnessing,
  type TTrackRecordSummary,
  type TUncountedSignal,
  verifiedCosignatures,
} from '@signalroom/shared';
import { rootFromTiles, tilePath, tilesForRoot } from '@signalroom/shared/tlog';
import {
  appendUnrecordedSignals,
  attachRecordLog,
  type Database,
  presentSignal,
  recordKeyringOf,
} from '@signalroom/shared-node';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSource } from '../helpers/processes.js';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { createWitnessedLog, issueSignalNow, type WitnessedLog } from '../helpers/witnessed-log.js';
import { engineFor } from '../signals/signal-helpers.js';

/**
 * The track record with independent witnesses, end to end on real processes: the server's log, the
 * shipped witness (the C2SP witness protocol over HTTP, state in files), the outside verifier. A
 * consistent history is cosigned and its signals count; a signal logged for a past slot is listed late
 * and counted nowhere; history rewritten by someone who holds the database and the key is refused by
 * the witness, withheld on every page with the refusal shown, and failed by the verifier; a witness
 * that is down never holds back a signal.
 */

/** Short windows, so a signal issued now is public (and countable) within seconds. */
const WINDOW_MS = 2000;

/** Polls until `accept` holds for what `probe` answers; answers that. */
function waitFor<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  options: { timeoutMs: number; message: string },
) {
  return pollUntil(async () => {
    const value = await probe();
    return accept(value) ? value : false;
  }, options);
}

const status = async (server: TestServer) =>
  (await server.api<TRecordWitnessing>('GET', '/api/track-record/witnesses')).body.data as TRecordWitnessing;
const summary = async (server: TestServer) =>
  (await server.api<TTrackRecordSummary>('GET', '/api/track-record/summary')).body.data as TTrackRecordSummary;
const checkpointText = async (server: TestServer) => (await fetch(`${server.url}/api/track-record/checkpoint`)).text();

const verifier = async (server: TestServer, log: WitnessedLog, extra: string[] = []) => {
  const witnesses = log.witnesses.flatMap((w) => ['--witness', w.verifierKey]);
  const run = spawnSource(
    'scripts/verify-track-record.ts',
    ['--url', server.url, ...witnesses, '--log-key', log.logKey, ...extra],
    {},
  );
  const code = await run.waitForExit(60_000);
  return { code, output: run.output() };
};

/** Another process on the same database, as an operator's own tool would be: its own view of the log. */
function attackerView(server: TestServer): Kysely<Database> {
  return server.context.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => args.result,
  });
}

/** What an operator with the database can do with the triggers off. */
async function withTriggersOff(db: Kysely<Database>, work: () => Promise<void>): Promise<void> {
  const tables = [
    'track_record_chain',
    'track_record_notes',
    'track_record_cosignatures',
    'track_record_witness_refusals',
    'signals',
  ];
  for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger all`.execute(db);
  try {
    await work();
  } finally {
    for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger all`.execute(db);
  }
}

describe('a witnessed track record', () => {
  let log: WitnessedLog;
  let server: TestServer;

  beforeAll(async () => {
    log = await createWitnessedLog({ witnesses: 2 });
    server = await startTestServer(log.env);
    await issueSignalNow(server, WINDOW_MS);
    await issueSignalNow(server, WINDOW_MS);
    await waitFor(
      async () => (await summary(server)).counted.counted,
      (n: number) => n === 2,
      { timeoutMs: 20_000, message: 'the two signals were not counted' },
    );
  });
  afterAll(async () => {
    await server?.close();
    await log?.cleanup();
  });

  it('serves the latest checkpoint as a signed note: the log signature first, then both cosignatures', async () => {
    await waitFor(
      () => checkpointText(server),
      (text: string) =>
        verifiedCosignatures(
          readCheckpointNote(text),
          log.witnesses.map((w) => w.verifierKey),
        ).length === 2,
      { timeoutMs: 10_000, message: 'the latest checkpoint was not cosigned by both witnesses' },
    );
    const read = readCheckpointNote(await checkpointText(server));
    expect(read.checkpoint.origin).toBe(log.origin);
    expect(noteSignedBy(read, log.logKey)).toBe(true);
    expect(read.signatures[0]?.name).toBe(log.origin);
    const key = await fetch(`${server.url}/api/track-record/key`, { headers: { accept: 'text/plain' } });
    expect((await key.text()).trim()).toBe(log.logKey);
    const json = (await server.api<{ verifierKey: string }>('GET', '/api/track-record/key')).body.data;
    expect(json?.verifierKey).toBe(log.logKey);
    const witnessed = await status(server);
    expect(witnessed).toMatchObject({ quorum: 2, total: 2, witnessing: 2, withheld: false });
  });

  it('covers a signal with a cosigned checkpoint before anyone could be sent it, and its copy carries that checkpoint', async () => {
    const id = await issueSignalNow(server, WINDOW_MS);
    const row = await server.context.db
      .selectFrom('signals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const signal = presentSignal(row);
    const covering = readCheckpointNote(signal.record?.checkpoint ?? '');
    expect(covering.checkpoint.size).toBeGreaterThanOrEqual(signal.record?.seq ?? Number.POSITIVE_INFINITY);
    expect(noteSignedBy(covering, log.logKey)).toBe(true);
  });

  it('lists a signal logged for a past slot as late and counts it in no figure', async () => {
    const before = await summary(server);
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000);
    const late = await engineFor(server, { intervalMs: WINDOW_MS }).runSlot(past);
    if (!late) throw new Error('no signal for the past slot');
    await engineFor(server, { intervalMs: WINDOW_MS }).resolveSignal(late.id);
    const listed = await waitFor(
      async () =>
        (await server.api<{ signals: TUncountedSignal[] }>('GET', '/api/track-record/uncounted')).body.data?.signals ??
        [],
      (signals: TUncountedSignal[]) => signals.some((s) => s.id === late.id && s.reason === 'late'),
      { timeoutMs: 20_000, message: 'the late signal was not listed as late' },
    );
    expect(listed.find((s) => s.id === late.id)).toMatchObject({ reason: 'late' });
    const after = await summary(server);
    expect(after.counted.late).toBe(before.counted.late + 1);
    expect(after.stats?.resolvedSignals).toBe(after.counted.counted);
    const landing = (await server.api<TPublicStats>('GET', '/api/stats/public')).body.data;
    expect(landing?.resolvedSignals).toBe(after.counted.counted);
  });

  it('passes the outside verifier that trusts the witnesses, not the site', async () => {
    const result = await verifier(server, log);
    expect(result.output).toContain('OK:');
    expect(result.code).toBe(0);
  });

  it('fails the verifier when it asks for a witness that never cosigned', async () => {
    const stranger = await createWitnessedLog({ witnesses: 1 });
    try {
      const run = spawnSource(
        'scripts/verify-track-record.ts',
        ['--url', server.url, '--witness', stranger.witnesses[0]?.verifierKey ?? '', '--quorum', '1'],
        {},
      );
      expect(await run.waitForExit(60_000)).toBe(1);
      expect(run.output()).toContain('carries 0 of the 1 witness cosignatures');
    } finally {
      await stranger.cleanup();
    }
  });

  it('serves tiles from which a tlog client rebuilds the checkpoint root', async () => {
    const read = readCheckpointNote(await checkpointText(server));
    const tiles = new Map<string, Uint8Array>();
    for (const tile of tilesForRoot(read.checkpoint.size)) {
      const path = tilePath(tile.level, tile.index, tile.width);
      const response = await fetch(`${server.url}/api/track-record/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
      tiles.set(path, new Uint8Array(await response.arrayBuffer()));
    }
    expect(bytesToHex(rootFromTiles(read.checkpoint.size, tiles))).toBe(read.rootHex);
    const beyond = await fetch(`${server.url}/api/track-record/tile/0/999`);
    expect(beyond.status).toBe(404);
  });
});

describe('a history rewritten by whoever holds the database and the key', () => {
  let log: WitnessedLog;
  let server: TestServer;
  let ids: string[];

  beforeAll(async () => {
    log = await createWitnessedLog({ witnesses: 1 });
    // The embedded database in a folder (not in memory), so a restart finds what the attack left.
    const folder: Record<string, string> =
      testShape === 'embedded' ? { DATA_DIR: await mkdtemp(join(tmpdir(), 'sr-data-')) } : {};
    server = await startTestServer({ ...log.env, ...folder });
    ids = [await issueSignalNow(server, WINDOW_MS), await issueSignalNow(server, WINDOW_MS)];
    await waitFor(
      async () => (await summary(server)).counted.counted,
      (n: number) => n === 2,
      { timeoutMs: 20_000, message: 'the signals were not counted' },
    );
  });
  afterAll(async () => {
    await server?.close();
    await log?.cleanup();
  });

  it('is caught by the running server at once, withheld on every page and failed by the verifier', async () => {
    // The operator's own tool: truncate after the first signal, turn the second one's outcome, erase the
    // cosignatures that would betray it, and append it all again re-signed with the log's key.
    const attacker = attackerView(server);
    attachRecordLog(attacker, { keyring: await recordKeyringOf(server.context.db), payoutPercent: 80 });
    const keep = await attacker
      .selectFrom('track_record_chain')
      .select('seq')
      .where('signal_id', '=', ids[0] as string)
      .where('kind', '=', 'outcome')
      .executeTakeFirstOrThrow();
    await withTriggersOff(attacker, async () => {
      await sql`delete from track_record_cosignatures`.execute(attacker);
      await sql`delete from track_record_notes`.execute(attacker);
      await sql`delete from track_record_chain where seq > ${keep.seq}`.execute(attacker);
      await sql`update signals set outcome = 'profit', status = 'closed', resolved_level = 0, active_level = 0
        where id = ${ids[1] as string}`.execute(attacker);
    });
    const repaired = await appendUnrecordedSignals(attacker, new Date());
    expect(repaired.appended).toBeGreaterThan(0);

    const broken = await status(server);
    expect(broken.brokenAt).not.toBeNull();
    expect(broken.withheld).toBe(true);
    const landing = (await server.api<TPublicStats>('GET', '/api/stats/public')).body.data;
    expect(landing).toMatchObject({ recordBroken: true, winRateFirstWindow: null, winRateWithMartingale: null });
    expect((await summary(server)).stats).toBeNull();

    // Outside, the re-signed checkpoint carries no witness's cosignature: the verifier fails it.
    const outside = await verifier(server, log);
    expect(outside.output).toContain('carries 0 of the 1 witness cosignatures');
    expect(outside.code).toBe(1);
  });

  it('is refused by the witness once a server offers it, and the refusal shown to every visitor, even erased from the database', async () => {
    await withTriggersOff(server.context.db, async () => {
      await sql`delete from track_record_witness_refusals`.execute(server.context.db);
    });
    const restarted = await restartOnSameDatabase(server, log.env);
    server = restarted;
    const seen = await waitFor(
      () => status(server),
      (s: TRecordWitnessing) => s.withheld && s.witnesses.some((w) => w.refusal !== null),
      { timeoutMs: 20_000, message: 'a fresh server did not show the refusal' },
    );
    expect(seen.withheldReason).toContain('refused');
    const landing = (await server.api<TPublicStats>('GET', '/api/stats/public')).body.data;
    expect(landing?.recordBroken).toBe(true);
  });
});

describe('a witness that is down', () => {
  let log: WitnessedLog;
  let server: TestServer;

  beforeAll(async () => {
    log = await createWitnessedLog({ witnesses: 1 });
    await log.stop(0);
    server = await startTestServer({ ...log.env, SIGNAL_INTERVAL_MS: '2000', RECORD_MAX_MERGE_DELAY_S: '1' });
  });
  afterAll(async () => {
    await server?.close();
    await log?.cleanup();
  });

  it('never holds back a signal: it is issued, and the figures say they await the witness', async () => {
    const started = Date.now();
    const id = await issueSignalNow(server, WINDOW_MS);
    expect(Date.now() - started).toBeLessThan(5000);
    const row = await server.context.db
      .selectFrom('signals')
      .select('record_checkpoint')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.record_checkpoint).toContain(log.origin);
    const withheld = await waitFor(
      () => status(server),
      (s: TRecordWitnessing) => s.withheld,
      { timeoutMs: 20_000, message: 'figures were not withheld without a witness' },
    );
    expect(withheld.withheldReason).toContain('no quorum of witnesses');
    const uncounted = await waitFor(
      async () =>
        (await server.api<{ signals: TUncountedSignal[] }>('GET', '/api/track-record/uncounted')).body.data?.signals ??
        [],
      (signals: TUncountedSignal[]) => signals.some((s) => s.id === id),
      { timeoutMs: 20_000, message: 'the unwitnessed signal was not listed' },
    );
    expect(uncounted.find((s) => s.id === id)?.reason).toBe('unwitnessed');
  });
});

/** Stops the server and starts another on the same database (the same folder, or the same PostgreSQL). */
async function restartOnSameDatabase(server: TestServer, env: Record<string, string>): Promise<TestServer> {
  const same: Record<string, string> =
    testShape === 'distributed'
      ? {
          DATABASE_URL: server.config.DATABASE_URL as string,
          REDIS_URL: server.config.REDIS_URL as string,
          REDIS_NAMESPACE: server.config.REDIS_NAMESPACE,
        }
      : { DATA_DIR: server.config.DATA_DIR };
  await server.closeKeepingData();
  const restarted = await startTestServer({ ...env, ...same }, { pgliteImage: undefined });
  return {
    ...restarted,
    async close() {
      await restarted.close();
      await server.dropData();
    },
  };
}
