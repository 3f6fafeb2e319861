import { createTrackRecordChecker, type TTrackRecordEntry, type TTrackRecordHead } from '@signalroom/shared';
import { appendUnrecordedSignals, sha256Hex } from '@signalroom/shared-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSource } from '../helpers/processes.js';
import { insertSignal, slotStartAgo } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { pollUntil } from '../helpers/wait-for.js';
import { engineFor, slots } from '../signals/signal-helpers.js';

/**
 * The public track record end to end on the real engine: issuing and resolving append to the chain,
 * the API publishes only closed signals, the members' verifier (the npm script, as a member runs it)
 * passes on a clean record and names the entry of a signal changed in the database, and the server's
 * own check says the same.
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
    const run = spawnSource('scripts/verify-track-record.ts', [server.url], {});
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

  it('appends an issue and an outcome entry per signal, each hashed on the one before', async () => {
    const entries = await download();
    expect(entries.map((e) => [e.seq, e.payload.kind])).toEqual(
      Array.from({ length: 6 }, (_, i) => [i + 1, i % 2 === 0 ? 'signal' : 'outcome']),
    );
    const checker = createTrackRecordChecker(sha256Hex);
    expect(entries.map((e) => checker.add(e))).toEqual(entries.map(() => null));
    expect(await head()).toMatchObject({ length: 6, headHash: entries[5]?.hash, pending: 0, brokenAt: null });
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
    expect(last.body.data?.entries.map((e) => e.seq)).toEqual([5, 6]);
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
      { seq: 7, kind: 'signal' },
      { seq: 8, kind: 'outcome' },
    ]);
  });

  it('appends signals written around the chain, in slot order, once, only when asked', async () => {
    const older = await insertSignal(db(), {
      slotStart: new Date('2026-11-19T09:00:00Z'),
      result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 },
    });
    const newer = await insertSignal(db(), { slotStart: new Date('2026-11-19T09:05:00Z') });
    expect((await appendUnrecordedSignals(db(), new Date())).appended).toBe(3);
    expect((await appendUnrecordedSignals(db(), new Date())).appended).toBe(0);
    const rows = await db()
      .selectFrom('track_record_chain')
      .select(['seq', 'kind', 'signal_id'])
      .where('seq', '>', 8)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { seq: 9, kind: 'signal', signal_id: older.id },
      { seq: 10, kind: 'outcome', signal_id: older.id },
      { seq: 11, kind: 'signal', signal_id: newer.id },
    ]);
  });

  it('keeps a signal whose window is open out of the public record', async () => {
    const live = await engineFor(server, { now: () => new Date() }).runSlot(slotStartAgo(new Date(), -2));
    expect(live).not.toBeNull();
    expect(await head()).toMatchObject({ length: 11, pending: 1, brokenAt: null });
    expect((await download()).some((e) => e.payload.kind === 'signal' && e.payload.id === live?.id)).toBe(false);
  });

  it('refuses to change or remove a chain entry', async () => {
    await expect(sql`update track_record_chain set hash = 'x' where seq = 1`.execute(db())).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from track_record_chain where seq = 11`.execute(db())).rejects.toThrow(/append-only/);
  });

  it('passes the verifier on a clean record, then names the entry of a signal changed in the database', async () => {
    const clean = await verifier();
    expect(clean.code).toBe(0);
    expect(clean.output).toContain(`OK: 11 entries, head ${(await head())?.headHash}`);

    // Entry 5 issued the third signal: move its entry price.
    const third = (await download())[4];
    expect(third?.payload.kind).toBe('signal');
    const id = third?.payload.kind === 'signal' ? third.payload.id : '';
    await db().updateTable('signals').set({ entry_price: sql`entry_price + 0.0001` }).where('id', '=', id).execute();

    const tampered = await verifier();
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain('BROKEN: entry #5: its content does not match its hash');
    await pollUntil(async () => (await head())?.brokenAt === 5, {
      timeoutMs: 5000,
      message: 'the server check did not see the change',
    });
  });
});
