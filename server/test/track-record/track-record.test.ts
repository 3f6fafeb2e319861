import { createTrackRecordChecker, type TTrackRecordEntry, type TTrackRecordHead } from '@signalroom/shared';
import { appendUnrecordedSignals, sha256Hex } from '@signalroom/shared-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSource } from '../helpers/processes.js';
import { insertSignalRow, slotStartAgo } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, slots } from '../signals/signal-helpers.js';

/**
 * The public track record end to end on the real engine: the log announces its key and payout first,
 * issuing and resolving append to it, the API publishes only closed signals from the payloads the log
 * stored (a signal changed in the signals table changes nothing published), the members' verifier (the
 * npm script, as a member runs it) passes on a clean record and names an entry edited in the log's own
 * table, and the server's own check says the same at once.
 */
describe('track record', () => {
  let server: TestServer;
  const db = () => server.context.db;
  const head = async () => (await server.api<TTrackRecordHead>('GET', '/api/track-record/head')).body.data;
  const download = async () => {
    const response = await fetch(`${server.url}/api/track-record/download`);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const text = await response.text();
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TTrackRecordEntry);
  };
  const verifier = async () => {
    const run = spawnSource('scripts/verify-track-record.ts', ['--url', server.url], {});
    const code = await run.waitForExit(30_000);
    return { code, output: run.output() };
  };

  beforeAll(async () => {
    server = await startTestServer();
    // Three closed slots, each issued then resolved through however many martingale levels it took.
    const engine = engineFor(server);
    for (const slot of slots('2026-11-20T10:00:00Z', 3)) {
      const signal = await engine.runSlot(slot);
      if (signal) await engine.resolveSignal(signal.id);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('announces its key and payout, then appends an issue and an outcome entry per signal, each hashed on the one before', async () => {
    const entries = await download();
    expect(entries.map((e) => [e.seq, e.payload.kind])).toEqual([
      [1, 'key'],
      [2, 'payout'],
      ...Array.from({ length: 6 }, (_, i) => [i + 3, i % 2 === 0 ? 'signal' : 'outcome']),
    ]);
    const checker = createTrackRecordChecker(sha256Hex);
    expect(entries.map((e) => checker.add(e))).toEqual(entries.map(() => null));
    expect(await head()).toMatchObject({ length: 8, headHash: entries[7]?.hash, pending: 0, brokenAt: null });
  });

  it('pages by sequence number', async () => {
    const first = await server.api<{ entries: TTrackRecordEntry[]; nextAfter: number | null }>(
      'GET',
      '/api/track-record?limit=4',
    );
    expect(first.body.data?.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(first.body.data?.nextAfter).toBe(4);
    const last = await server.api<{ entries: TTrackRecordEntry[]; nextAfter: number | null }>(
      'GET',
      '/api/track-record?after=4&limit=4',
    );
    expect(last.body.data?.entries.map((e) => e.seq)).toEqual([5, 6, 7, 8]);
    expect(last.body.data?.nextAfter).toBeNull();
    const bad = await server.api('GET', '/api/track-record?limit=5000');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be a whole number from 1 to 1000.');
  });

  it('appends once per signal when engines race to issue and to resolve the same slot', async () => {
    const [slot] = slots('2026-11-20T12:00:00Z', 1) as [Date];
    const engines = [engineFor(server), engineFor(server), engineFor(server)];
    const issued = (await Promise.all(engines.map((e) => e.runSlot(slot)))).filter(Boolean);
    expect(issued).toHaveLength(1);
    await Promise.all(engines.map((e) => e.resolveSignal(issued[0]?.id ?? '')));
    const rows = await db()
      .selectFrom('track_record_chain')
      .select(['seq', 'kind'])
      .where('signal_id', '=', issued[0]?.id ?? '')
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { seq: 9, kind: 'signal' },
      { seq: 10, kind: 'outcome' },
    ]);
  });

  it('appends signals written around the chain, in slot order, once, only when asked', async () => {
    const older = await insertSignalRow(db(), {
      slotStart: new Date('2026-11-19T09:00:00Z'),
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 },
    });
    const newer = await insertSignalRow(db(), { slotStart: new Date('2026-11-19T09:05:00Z') });
    expect((await appendUnrecordedSignals(db(), new Date())).appended).toBe(3);
    expect((await appendUnrecordedSignals(db(), new Date())).appended).toBe(0);
    const rows = await db()
      .selectFrom('track_record_chain')
      .select(['seq', 'kind', 'signal_id'])
      .where('seq', '>', 10)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { seq: 11, kind: 'signal', signal_id: older.id },
      { seq: 12, kind: 'outcome', signal_id: older.id },
      { seq: 13, kind: 'signal', signal_id: newer.id },
    ]);
  });

  it('keeps a signal whose window is open out of the public record', async () => {
    const live = await engineFor(server, { now: () => new Date() }).runSlot(slotStartAgo(new Date(), -2));
    expect(live).not.toBeNull();
    expect(await head()).toMatchObject({ length: 13, pending: 1, brokenAt: null });
    expect((await download()).some((e) => e.payload.kind === 'signal' && e.payload.id === live?.id)).toBe(false);
  });

  it('refuses to change or remove a chain entry', async () => {
    await expect(sql`update track_record_chain set hash = 'x' where seq = 1`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from track_record_chain where seq = 13`.execute(db())).rejects.toThrow(/append-only/);
  });

  it('publishes what the log stored, whatever the signals table says, and names an entry edited in the log itself', async () => {
    const clean = await verifier();
    expect(clean.output).toContain('OK: 13 public entries');
    expect(clean.code).toBe(0);

    // Entry 7 issued the third signal. Moving its price in the signals table changes nothing published.
    const third = (await download())[6];
    expect(third?.payload.kind).toBe('signal');
    const id = third?.payload.kind === 'signal' ? third.payload.id : '';
    await db().updateTable('signals').set({ entry_price: sql`entry_price + 0.0001` }).where('id', '=', id).execute();
    expect((await download())[6]).toEqual(third);
    expect((await head())?.brokenAt).toBeNull();

    // Edited in the log's own table (its guard switched off), the entry no longer matches its hash:
    // the server's check names it at once and the verifier does too.
    await sql`alter table track_record_chain disable trigger all`.execute(db());
    await sql`update track_record_chain set payload = replace(payload, '"confidence":', '"confidence":1') where seq = 7`.execute(
      db(),
    );
    await sql`alter table track_record_chain enable trigger all`.execute(db());
    await download();
    expect(await head()).toMatchObject({ brokenAt: 7 });
    const tampered = await verifier();
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain('BROKEN: entry #7: its content does not match its hash');
  });
});
