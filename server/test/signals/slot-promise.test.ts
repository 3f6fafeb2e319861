import { lateIssueSeconds, SlotReasons, ZTrackRecordSignalPayload } from '@signalroom/shared';
import { listSlotGaps, silentLogger } from '@signalroom/shared-node';
import { createSlotIssuer } from '@signalroom/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { engineFor, FIVE_MIN, slots } from './signal-helpers.js';

/**
 * The slot promise of both schedulers (slot-issuer.ts): a slot yields its signal, late and marked so,
 * or a recorded 'missed' gap; never nothing. Before, a slot issued late looked on time (created_at is
 * the slot's start) and a slot whose time passed while nothing could be written left no trace.
 */
describe('the slot promise', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const issuerAt = (at: () => Date, intervalMs = FIVE_MIN) =>
    createSlotIssuer(engineFor(server, { intervalMs }), {
      db: server.context.db,
      bus: server.context.bus,
      logger: silentLogger,
      now: at,
    });

  it('marks a signal issued late with its real issue time, in the signal and in the track record', async () => {
    // A slot that started 15 s ago is still fresh (half a 5-minute window) but late enough to say so.
    const slotStart = new Date(Date.now() - 15_000);
    const outcome = await issuerAt(() => new Date()).issue(slotStart);
    expect(outcome.state).toBe('issued');
    if (outcome.state !== 'issued') return;
    expect(outcome.signal.createdAt).toBe(slotStart.toISOString());
    expect(lateIssueSeconds(outcome.signal)).toBeGreaterThanOrEqual(15);

    const entry = await server.context.db
      .selectFrom('track_record_chain')
      .select('payload')
      .where('signal_id', '=', outcome.signal.id)
      .where('kind', '=', 'signal')
      .executeTakeFirstOrThrow();
    const payload = ZTrackRecordSignalPayload.parse(JSON.parse(entry.payload));
    expect(payload.issuedAt).toBe(outcome.signal.issuedAt);
    expect(Date.parse(payload.issuedAt) - Date.parse(payload.slot)).toBeGreaterThanOrEqual(15_000);
  });

  it('records a slot that came too late as missed, and every earlier slot left with neither as missed', async () => {
    const [first, second, third, fourth, fifth] = slots('2026-10-01T10:00:00Z', 5) as [Date, Date, Date, Date, Date];
    const justAfter = (slot: Date) => () => new Date(slot.getTime() + 1000);
    expect((await issuerAt(justAfter(first)).issue(first)).state).toBe('issued');
    // Nothing ran for the second and third slots (the database or every worker was away).
    expect((await issuerAt(justAfter(fourth)).issue(fourth)).state).toBe('issued');
    // The fifth slot's job comes after half its window: too late to issue.
    const late = await issuerAt(() => new Date(fifth.getTime() + FIVE_MIN / 2 + 1000)).issue(fifth);
    expect(late.state).toBe('missed');

    const gaps = await listSlotGaps(server.context.db, { from: first, to: new Date(fifth.getTime() + 1) });
    expect(gaps.map((gap) => [new Date(gap.slot_start).toISOString(), gap.reason])).toEqual([
      [second.toISOString(), 'missed'],
      [third.toISOString(), 'missed'],
      [fifth.toISOString(), 'missed'],
    ]);
    expect(gaps.at(-1)?.detail).toMatch(/too late to issue/);
    // A slot recorded as missed is never issued afterwards, by any run: one signal or one gap per slot.
    expect(await engineFor(server).runSlot(second)).toBeNull();
    const signals = await server.context.db
      .selectFrom('signals')
      .select('slot_start')
      .where('slot_start', '>=', first)
      .where('slot_start', '<=', fifth)
      .execute();
    expect(signals.map((row) => new Date(row.slot_start).toISOString())).toEqual([
      first.toISOString(),
      fourth.toISOString(),
    ]);
  });

  it('fills the holes before a slot that recorded its own gap first, as after an outage', async () => {
    const [first, second, third, fourth, fifth] = slots('2026-10-02T10:00:00Z', 5) as [Date, Date, Date, Date, Date];
    const justAfter = (slot: Date) => () => new Date(slot.getTime() + 1000);
    expect((await issuerAt(justAfter(first)).issue(first)).state).toBe('issued');
    // The database came back during the fourth slot, too late for it: the first write that reached it was
    // that slot's own 'missed' gap; the second and third slots' gaps never got through. (Written directly:
    // the issuer records the holes behind a slot first, and the log states each slot once.)
    await server.context.db
      .insertInto('signal_slot_gaps')
      .values({
        slot_start: fourth,
        reason: 'missed',
        detail: 'the database came back after the deadline',
        public_reason: SlotReasons.databaseDown,
        recorded_at: new Date(fourth.getTime() + FIVE_MIN / 2),
      })
      .execute();
    // The next slot records the holes behind the newest gap too.
    expect((await issuerAt(justAfter(fifth)).issue(fifth)).state).toBe('issued');
    const gaps = await listSlotGaps(server.context.db, { from: first, to: fifth });
    expect(gaps.map((gap) => [new Date(gap.slot_start).toISOString(), gap.reason])).toEqual([
      [second.toISOString(), 'missed'],
      [third.toISOString(), 'missed'],
      [fourth.toISOString(), 'missed'],
    ]);
  });
});
