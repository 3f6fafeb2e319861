import { SlotReasons } from '@signalroom/shared';
import { listSlotGaps, recordSlotGap } from '@signalroom/shared-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSignal } from '../helpers/signal-rows.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

describe('slot gaps', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('records a slot without a signal once, with the first reason given', async () => {
    const db = server.context.db;
    const slotStart = new Date('2026-03-07T10:00:00Z');
    const at = new Date('2026-03-07T10:00:02Z');
    expect(
      await recordSlotGap(db, {
        slotStart,
        reason: 'market_closed',
        detail: 'weekend',
        publicReason: SlotReasons.marketClosed,
        at,
      }),
    ).toBe(true);
    expect(
      await recordSlotGap(db, {
        slotStart,
        reason: 'no_data',
        detail: 'second worker',
        publicReason: SlotReasons.feedFailed,
        at,
      }),
    ).toBe(false);
    const gaps = await listSlotGaps(db, { from: slotStart, to: new Date(slotStart.getTime() + 300_000) });
    expect(gaps.map((g) => [g.reason, g.detail])).toEqual([['market_closed', 'weekend']]);
  });

  it('never records a gap for a slot that has its signal', async () => {
    const db = server.context.db;
    const slotStart = new Date('2026-03-09T10:05:00Z');
    await insertSignal(db, { slotStart });
    const at = new Date('2026-03-09T10:05:01Z');
    expect(
      await recordSlotGap(db, { slotStart, reason: 'missed', detail: 'late', publicReason: SlotReasons.jobLate, at }),
    ).toBe(false);
    expect(await listSlotGaps(db, { from: slotStart, to: new Date(slotStart.getTime() + 1) })).toEqual([]);
  });
});
