import {
  JournalImportProblems,
  JournalMessages,
  type TJournal,
  type TJournalEntry,
  type TJournalImportResult,
} from '@signalroom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const FIVE_MIN = 300_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const slot = (i: number) => new Date(Date.parse('2026-11-20T08:00:00Z') + i * FIVE_MIN);
const wonFirst = { result: { status: 'closed', outcome: 'profit', resolvedLevel: 0 } } as const;
const lostThroughL3 = { activeLevel: 3, result: { status: 'expired', outcome: 'loss', resolvedLevel: null } } as const;

/**
 * The member's journal: one signal at a time by hand, or a broker's history imported (every row read
 * and matched, all written or none), and the figures set beside the record on the same signals.
 */
describe('journal: PUT/DELETE /api/signals/:id/journal, GET /api/users/journal, POST /api/users/journal/import', () => {
  let server: TestServer;
  let token: string;
  let ids: string[];

  beforeAll(async () => {
    server = await startTestServer();
    server.context.now = () => new Date(NOW);
    token = (await createMember(server.context.db, { tier: 'gold' })).token;
    const db = server.context.db;
    // EUR/USD won in its first window at 08:00 (CALL); lost through L3 at 08:20 (CALL); GBP/USD won at 08:40 (PUT).
    ids = [
      (await insertSignal(db, { slotStart: slot(0), asset: 'EUR/USD', ...wonFirst })).id,
      (await insertSignal(db, { slotStart: slot(4), asset: 'EUR/USD', ...lostThroughL3 })).id,
      (await insertSignal(db, { slotStart: slot(8), asset: 'GBP/USD', signalType: 'sell', ...wonFirst })).id,
    ];
  });
  afterAll(async () => {
    await server?.close();
  });

  const journal = async () =>
    (await server.api<TJournal>('GET', '/api/users/journal', { token })).body.data as TJournal;
  const put = (id: string, body: unknown) =>
    server.api<TJournalEntry>('PUT', `/api/signals/${id}/journal`, { token, body });
  const importRows = (rows: object[], dryRun: boolean) =>
    server.api<TJournalImportResult>('POST', '/api/users/journal/import', {
      token,
      body: { rows, utcOffsetMinutes: 60, dryRun },
    });

  it('refuses what a journal entry cannot be, with the field and its message, and writes nothing', async () => {
    const skippedWithStake = await put(ids[0] as string, { taken: false, stake: 10 });
    expect(skippedWithStake.status).toBe(400);
    expect(skippedWithStake.body.error?.fields).toMatchObject({ taken: JournalMessages.skippedHasNoTrade });
    const takenWithoutStake = await put(ids[0] as string, { taken: true });
    expect(takenWithoutStake.body.error?.fields).toMatchObject({ stake: JournalMessages.stake });
    const unknown = await put('00000000-0000-4000-8000-000000000000', { taken: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(JournalMessages.signalUnknown);
    expect((await put('not-an-id', { taken: false })).status).toBe(404);
    expect((await journal()).total).toBe(0);
    expect((await server.api('GET', '/api/users/journal')).status).toBe(401);
  });

  it('journals a signal by hand and counts it beside the record', async () => {
    const saved = await put(ids[0] as string, {
      taken: true,
      stake: 10,
      fillPrice: 1.0847,
      filledAt: '2026-11-20T08:00:04Z',
      result: 8,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      signalId: ids[0],
      asset: 'EUR/USD',
      direction: 'CALL',
      entryPrice: 1.0845,
      taken: true,
      stake: 10,
      result: 8,
      source: 'manual',
    });
    expect((await put(ids[1] as string, { taken: false })).status).toBe(200);
    const { figures, entries } = await journal();
    expect(entries.map((e) => e.signalId)).toEqual([ids[1], ids[0]]);
    expect(figures).toMatchObject({ journaled: 2, taken: 1, skipped: 1, settled: 1 });
    expect(figures.winRate).toMatchObject({ won: 1, total: 1, percent: 100 });
    expect(figures.evPerStake).toMatchObject({ sample: 1, mean: 0.8, low: null });
    // Filled 2 points above a CALL's entry of 1.0845: 1.8 bp worse.
    expect(figures.slippageBp).toMatchObject({ sample: 1, mean: 1.8 });
    expect(figures.versusRecord).toMatchObject({
      yours: { won: 1, total: 1 },
      record: { won: 1, total: 1 },
      gapPoints: 0,
    });
  });

  it('previews an import row by row, refuses one with a problem whole, and imports a clean one', async () => {
    const rows = [
      // 09:20 at UTC+1 is 08:20 UTC: the EUR/USD signal that lost (a trade that also lost).
      { line: 2, time: '2026-11-20 09:20:30', instrument: 'eurusd', direction: 'Buy', stake: '$20.00', result: '-20' },
      { line: 3, time: '2026-11-20T08:41:00Z', instrument: 'GBP/USD', direction: 'PUT', stake: '10', result: '8.00' },
      { line: 4, time: '2026-11-20T08:41:00Z', instrument: 'USD/JPY', direction: 'PUT', stake: '10', result: '8' },
      { line: 5, time: 'yesterday', instrument: 'GBP/USD', direction: 'PUT', stake: '10', result: '8' },
      { line: 6, time: '2026-11-20T08:42:00Z', instrument: 'GBP/USD', direction: 'CALL', stake: '10', result: '8' },
    ];
    const preview = await importRows(rows, true);
    expect(preview.status).toBe(200);
    expect(preview.body.data?.imported).toBe(0);
    expect(preview.body.data?.rows).toEqual([
      { line: 2, signalId: ids[1], asset: 'EUR/USD', windowStart: slot(4).toISOString(), problem: null },
      { line: 3, signalId: ids[2], asset: 'GBP/USD', windowStart: slot(8).toISOString(), problem: null },
      expect.objectContaining({
        line: 4,
        signalId: null,
        problem: JournalImportProblems.noSignal('USD/JPY', '2026-11-20 09:41 (UTC+01:00)'),
      }),
      expect.objectContaining({ line: 5, problem: JournalImportProblems.time }),
      expect.objectContaining({ line: 6, problem: JournalImportProblems.otherDirection('GBP/USD', 'PUT') }),
    ]);

    const refused = await importRows(rows, false);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(JournalMessages.importHasProblems(3));
    expect(Object.keys(refused.body.error?.fields ?? {})).toEqual(['line 4', 'line 5', 'line 6']);
    expect((await journal()).total).toBe(2);

    const imported = await importRows(rows.slice(0, 2), false);
    expect(imported.status).toBe(200);
    expect(imported.body.message).toBe(JournalMessages.imported(2));
    const { figures, entries } = await journal();
    // The import replaced the skipped entry of the losing signal with the trade the broker recorded.
    expect(entries.find((e) => e.signalId === ids[1])).toMatchObject({
      taken: true,
      stake: 20,
      result: -20,
      source: 'import',
    });
    expect(figures).toMatchObject({ journaled: 3, taken: 3, skipped: 0, settled: 3 });
    expect(figures.winRate).toMatchObject({ won: 2, total: 3 });
    // 0.8, -1 and 0.8 of the stake.
    expect(figures.evPerStake.mean).toBe(0.2);
    expect(figures.versusRecord).toMatchObject({
      yours: { won: 2, total: 3 },
      record: { won: 2, total: 3 },
      gapPoints: 0,
    });
  });

  it('compares with nothing while the record is withheld (its log edited under it)', async () => {
    expect((await journal()).recordWithheld).toBe(false);
    const db = server.context.db;
    await sql`alter table track_record_chain disable trigger all`.execute(db);
    await sql`update track_record_chain set payload = replace(payload, '"confidence":', '"confidence":1')
      where signal_id = ${ids[2] as string} and kind = 'signal'`.execute(db);
    await sql`alter table track_record_chain enable trigger all`.execute(db);
    // Anyone reading the public log makes the server read the edited entry and find it broken.
    await (await fetch(`${server.url}/api/track-record/download`)).text();
    const { figures, recordWithheld } = await journal();
    expect(recordWithheld).toBe(true);
    // The member's own figures stand; the record's side counts nothing.
    expect(figures.winRate).toMatchObject({ won: 2, total: 3 });
    expect(figures.versusRecord).toMatchObject({ yours: { total: 0 }, record: { total: 0 }, gapPoints: null });
  });

  it('takes a signal out of the journal, and the export and the account deletion carry the journal', async () => {
    expect((await server.api('DELETE', `/api/signals/${ids[2]}/journal`, { token })).status).toBe(200);
    expect((await journal()).total).toBe(2);
    const exported = await server.api<{ journal: unknown[] }>('GET', '/api/users/export', { token });
    expect(JSON.stringify(exported.body)).toContain(ids[1] as string);
    const member = await createMember(server.context.db, { tier: 'gold' });
    await server.api('PUT', `/api/signals/${ids[0]}/journal`, { token: member.token, body: { taken: false } });
    const rows = () =>
      server.context.db
        .selectFrom('journal_entries')
        .select('signal_id')
        .where('user_id', '=', member.user.id)
        .execute();
    expect(await rows()).toHaveLength(1);
    const deleted = await server.api('DELETE', '/api/users/me', {
      token: member.token,
      body: { password: member.password },
    });
    expect(deleted.status).toBe(200);
    expect(await rows()).toHaveLength(0);
  });
});
