import { describe, expect, it } from 'vitest';
import {
  isSlotIssuable,
  SLOT_ISSUE_DEADLINE_MS,
  SlotsQueryMessages,
  slotCountsSentence,
  slotIssueDeadlineMs,
  slotStateOfGap,
  ZSlotsQuery,
} from './slot-ledger.js';

const FIVE_MIN = 300_000;

describe('the slot issue deadline', () => {
  it('is 60 s after the boundary at the real cadence, half a shorter interval', () => {
    expect(slotIssueDeadlineMs(FIVE_MIN)).toBe(SLOT_ISSUE_DEADLINE_MS);
    expect(slotIssueDeadlineMs(10_000)).toBe(5_000);
  });

  it('lets a slot be issued from its boundary until its deadline, not after, not before', () => {
    const slot = new Date('2026-12-02T10:05:00Z');
    expect(isSlotIssuable(slot, new Date('2026-12-02T10:05:00Z'), FIVE_MIN)).toBe(true);
    expect(isSlotIssuable(slot, new Date('2026-12-02T10:06:00Z'), FIVE_MIN)).toBe(true);
    expect(isSlotIssuable(slot, new Date('2026-12-02T10:06:00.001Z'), FIVE_MIN)).toBe(false);
    expect(isSlotIssuable(slot, new Date('2026-12-02T10:04:59Z'), FIVE_MIN)).toBe(false);
  });
});

describe('slot states', () => {
  it('reads each recorded gap as its public state (a desk signal standing in counts as issued)', () => {
    expect(slotStateOfGap('market_closed')).toBe('market-closed');
    expect(slotStateOfGap('no_data')).toBe('feed-failed');
    expect(slotStateOfGap('missed')).toBe('missed');
    expect(slotStateOfGap('analyst_published')).toBe('issued');
  });

  it('says the counts in one sentence, leaving out the states with none', () => {
    const counts = { issued: 280, 'market-closed': 6, 'feed-failed': 0, missed: 2, undecided: 0 };
    expect(slotCountsSentence(counts, 'in the last 24 hours')).toBe(
      '288 slots in the last 24 hours: 280 issued, 6 market closed, 2 missed',
    );
    const none = { issued: 0, 'market-closed': 0, 'feed-failed': 0, missed: 0, undecided: 0 };
    expect(slotCountsSentence(none, 'in the last 24 hours')).toBe('0 slots in the last 24 hours');
  });
});

describe('GET /api/slots query', () => {
  const messageOf = (query: Record<string, string>) => ZSlotsQuery.safeParse(query).error?.issues[0]?.message;

  it('takes ISO times with their zone and a limit, 288 by default', () => {
    const parsed = ZSlotsQuery.parse({ from: '2026-12-01T00:00:00Z', to: '2026-12-02T00:00:00+01:00' });
    expect(parsed.from?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(parsed.to?.toISOString()).toBe('2026-12-01T23:00:00.000Z');
    expect(parsed.limit).toBe(288);
  });

  it('refuses a time without a zone, a range backwards or wider than a year, and a limit out of range', () => {
    expect(messageOf({ from: '2026-12-01 00:00' })).toBe(SlotsQueryMessages.from);
    expect(messageOf({ from: '2026-12-02T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toBe(SlotsQueryMessages.order);
    expect(messageOf({ from: '2025-01-01T00:00:00Z', to: '2026-12-01T00:00:00Z' })).toBe(SlotsQueryMessages.range);
    expect(messageOf({ limit: '501' })).toBe(SlotsQueryMessages.limit);
    expect(messageOf({ slot: 'x' })).toBeDefined();
  });
});
