import {
  SlotReasons,
  SlotsQueryMessages,
  type TSlotsPage,
  type TTrackRecordPayload,
  verifyTrackRecordOnline,
} from '@signalroom/shared';
import { recordSlotGap, silentLogger } from '@signalroom/shared-node';
import { createSlotIssuer, startSlotGuard } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, FIVE_MIN, slots } from './signal-helpers.js';

/** An issuer whose clock (and its engine's) reads `at`. */
function issuerAt(server: TestServer, at: () => Date) {
  return createSlotIssuer(engineFor(server, { now: at }), {
    db: server.context.db,
    bus: server.context.bus,
    logger: silentLogger,
    now: at,
    retryMs: 10,
  });
}

const after = (slot: Date, ms: number) => () => new Date(slot.getTime() + ms);

/**
 * The slot ledger: every scheduled slot ends in one recorded state, in the log and in GET /api/slots,
 * so a slot without a signal is never silent.
 */
describe('the slot ledger', () => {
  let server: TestServer;
  const [s1, s2, s3, s4, s5] = slots('2026-10-05T10:00:00Z', 5) as [Date, Date, Date, Date, Date];
  const range = (from: Date, to: Date, extra = '') =>
    `/api/slots?from=${from.toISOString()}&to=${to.toISOString()}${extra}`;

  beforeAll(async () => {
    server = await startTestServer();
    expect((await issuerAt(server, after(s1, 500)).issue(s1)).state).toBe('issued');
    await recordSlotGap(server.context.db, {
      slotStart: s2,
      reason: 'market_closed',
      detail: 'EUR/USD: the FX market is closed',
      publicReason: SlotReasons.marketClosed,
      at: new Date(s2.getTime() + 300),
    });
    // Nothing ran for the third slot; the fourth records it as missed before issuing its own.
    expect((await issuerAt(server, after(s4, 500)).issue(s4)).state).toBe('issued');
    // The fifth slot's job ran after its deadline (60 s past the boundary).
    expect((await issuerAt(server, after(s5, 61_000)).issue(s5)).state).toBe('missed');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every slot of a range with its state, its public reason and the log entry that states it', async () => {
    const { status, body } = await server.api<TSlotsPage>('GET', range(s1, new Date(s5.getTime() + FIVE_MIN)));
    expect(status).toBe(200);
    const page = body.data as TSlotsPage;
    expect(page.items.map((slot) => [slot.slot, slot.state, slot.reason])).toEqual([
      [s1.toISOString(), 'issued', null],
      [s2.toISOString(), 'market-closed', SlotReasons.marketClosed],
      [s3.toISOString(), 'missed', SlotReasons.workerAway],
      [s4.toISOString(), 'issued', null],
      [s5.toISOString(), 'missed', SlotReasons.jobLate],
    ]);
    expect(page.counts).toEqual({ issued: 2, 'market-closed': 1, 'feed-failed': 0, missed: 2, undecided: 0 });
    expect(page.next).toBeNull();

    // Each slot is stated in the log: by its signal, or by a slot entry with the same state and reason.
    const seqs = page.items.map((slot) => slot.recordSeq as number);
    expect(seqs.every((seq) => Number.isInteger(seq))).toBe(true);
    const entries = await server.context.db
      .selectFrom('track_record_chain')
      .select(['seq', 'kind', 'payload'])
      .where('seq', 'in', seqs)
      .orderBy('seq')
      .execute();
    const stated = entries.map((entry) => JSON.parse(entry.payload) as TTrackRecordPayload);
    expect(stated.map((p) => [p.kind, 'slot' in p ? new Date(p.slot).toISOString() : null])).toEqual(
      [s1, s2, s3, s4, s5].map((slot, i) => [
        page.items[i]?.state === 'issued' ? 'signal' : 'slot',
        slot.toISOString(),
      ]),
    );
    for (const payload of stated) {
      if (payload.kind !== 'slot') continue;
      const item = page.items.find((slot) => slot.slot === new Date(payload.slot).toISOString());
      expect([payload.state, payload.reason]).toEqual([item?.state, item?.reason]);
    }

    // An outsider's verifier, reading only the public API, finds the log with its slot entries intact.
    const report = await verifyTrackRecordOnline({ base: server.url });
    expect(report.problems).toEqual([]);
  });

  it('pages with next, and leaves out slots before the first decided one and boundaries still to come', async () => {
    const first = await server.api<TSlotsPage>('GET', range(s1, new Date(s5.getTime() + FIVE_MIN), '&limit=2'));
    expect(first.body.data?.items.map((slot) => slot.slot)).toEqual([s1.toISOString(), s2.toISOString()]);
    expect(first.body.data?.next).toBe(s3.toISOString());
    const second = await server.api<TSlotsPage>(
      'GET',
      range(new Date(first.body.data?.next as string), new Date(s5.getTime() + FIVE_MIN), '&limit=2'),
    );
    expect(second.body.data?.items.map((slot) => slot.slot)).toEqual([s3.toISOString(), s4.toISOString()]);
    // The whole range is counted on every page.
    expect(second.body.data?.counts.issued).toBe(1);

    const early = await server.api<TSlotsPage>('GET', range(new Date(s1.getTime() - 3_600_000), s3));
    expect(early.body.data?.items.map((slot) => slot.slot)).toEqual([s1.toISOString(), s2.toISOString()]);

    const ahead = new Date(Date.now() + 3_600_000);
    const future = await server.api<TSlotsPage>('GET', range(new Date(Date.now() - FIVE_MIN * 3), ahead));
    const items = future.body.data?.items ?? [];
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.every((slot) => Date.parse(slot.slot) <= Date.now())).toBe(true);
    // No worker runs beside this test server: the recent slots are undecided, and said to be.
    expect(items.every((slot) => slot.state === 'undecided' && slot.recordSeq === null)).toBe(true);
  });

  it('refuses a time without its zone, a range backwards or over a year, with the exact message', async () => {
    const cases: [string, string][] = [
      ['/api/slots?from=2026-10-05', SlotsQueryMessages.from],
      [range(s2, s1), SlotsQueryMessages.order],
      [range(new Date('2025-01-01T00:00:00Z'), s1), SlotsQueryMessages.range],
      ['/api/slots?limit=0', SlotsQueryMessages.limit],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await server.api('GET', path);
      expect([path, status, Object.values(body.error?.fields ?? {})]).toEqual([path, 400, [message]]);
    }
  });
});

describe('the slot guard', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const [earlier, owed] = slots('2026-10-06T10:00:00Z', 2) as [Date, Date];
  const signalsAt = async (slot: Date) =>
    (
      await server.context.db
        .selectFrom('signals')
        .select('id')
        .where('slot_start', '=', slot)
        .where('author_id', 'is', null)
        .execute()
    ).length;

  /** A worker's start at `at`: its guard checks the current slot once, then the worker is stopped. */
  async function startWorkerAt(at: () => Date): Promise<void> {
    const guard = startSlotGuard({
      db: server.context.db,
      issuer: issuerAt(server, at),
      intervalMs: FIVE_MIN,
      logger: silentLogger,
      everyBoundary: false,
      onIssued: () => {},
      now: at,
    });
    await guard.close();
  }

  it('issues nothing on a first start: a fresh install begins at the next boundary', async () => {
    await startWorkerAt(after(owed, 10_000));
    expect(await signalsAt(owed)).toBe(0);
  });

  it('issues the slot once when a worker starts within its deadline, and nothing after it', async () => {
    expect((await issuerAt(server, after(earlier, 500)).issue(earlier)).state).toBe('issued');
    // Killed at the boundary, started again 10 s later: the slot is issued, late and marked so.
    await startWorkerAt(after(owed, 10_000));
    expect(await signalsAt(owed)).toBe(1);
    // A second worker starting in the same minute finds the slot decided.
    await startWorkerAt(after(owed, 20_000));
    expect(await signalsAt(owed)).toBe(1);
    // The job and the guard of one worker asking at once share one attempt: one issues, the other is told.
    const shared = issuerAt(server, after(new Date(owed.getTime() + 2 * FIVE_MIN), 5_000));
    const third = new Date(owed.getTime() + 2 * FIVE_MIN);
    const both = await Promise.all([shared.issue(third), shared.issue(third)]);
    expect(both.map((outcome) => outcome.state).sort()).toEqual(['issued', 'settled']);
    expect(await signalsAt(third)).toBe(1);
    // Past the deadline the guard leaves the slot to be recorded missed by the next one.
    const next = new Date(owed.getTime() + FIVE_MIN);
    await startWorkerAt(after(next, 61_000));
    expect(await signalsAt(next)).toBe(0);
  });
});
