import { describe, expect, it } from 'vitest';
import { dailyUsage, dayKeyInZone, formatMinutesSeconds, lateIssueSeconds, nextSignalBoundary } from './timing.js';

describe('nextSignalBoundary', () => {
  it('rounds up to the next 5-minute mark', () => {
    expect(nextSignalBoundary(new Date('2026-11-22T10:02:13.500Z')).toISOString()).toBe('2026-11-22T10:05:00.000Z');
  });
  it('moves to the following mark when exactly on a boundary', () => {
    expect(nextSignalBoundary(new Date('2026-11-22T10:05:00.000Z')).toISOString()).toBe('2026-11-22T10:10:00.000Z');
  });
  it('crosses the hour and the day', () => {
    expect(nextSignalBoundary(new Date('2026-11-22T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('lateIssueSeconds', () => {
  const createdAt = '2026-11-27T10:05:00.000Z';
  it('says nothing for a signal issued within moments of its slot, or without an issue time', () => {
    expect(lateIssueSeconds({ createdAt, issuedAt: '2026-11-27T10:05:00.180Z' })).toBeNull();
    expect(lateIssueSeconds({ createdAt, issuedAt: '2026-11-27T10:05:09.999Z' })).toBeNull();
    expect(lateIssueSeconds({ createdAt })).toBeNull();
  });
  it('gives the seconds a signal came after its slot from ten seconds on', () => {
    expect(lateIssueSeconds({ createdAt, issuedAt: '2026-11-27T10:05:10.000Z' })).toBe(10);
    expect(lateIssueSeconds({ createdAt, issuedAt: '2026-11-27T10:06:12.400Z' })).toBe(72);
  });
});

describe('formatMinutesSeconds', () => {
  it('formats minutes and seconds with leading zeros', () => {
    expect(formatMinutesSeconds(299_000)).toBe('04:59');
    expect(formatMinutesSeconds(5 * 60_000)).toBe('05:00');
  });
  it('rounds a partial second up and never goes negative', () => {
    expect(formatMinutesSeconds(1)).toBe('00:01');
    expect(formatMinutesSeconds(-5000)).toBe('00:00');
  });
});

describe('dayKeyInZone', () => {
  it('uses the calendar day of the zone, not UTC', () => {
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    expect(dayKeyInZone(new Date('2026-11-22T23:30:00Z'), 'Africa/Lagos')).toBe('2026-11-23');
    expect(dayKeyInZone(new Date('2026-11-22T23:30:00Z'), 'UTC')).toBe('2026-11-22');
  });
});

describe('dailyUsage', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const today = (seq: number) => ({ createdAt: `2026-11-22T11:${String(seq).padStart(2, '0')}:00Z`, daySequence: seq });
  it('counts the signals issued today from the newest day sequence, capped by the tier limit', () => {
    const usage = dailyUsage([today(14), today(13), today(12)], 10, now, 'Africa/Lagos');
    expect(usage).toEqual({ issuedToday: 14, receivedToday: 10, limit: 10 });
  });
  it('gives an unlimited tier every signal issued today', () => {
    expect(dailyUsage([today(3), today(2)], null, now, 'Africa/Lagos').receivedToday).toBe(3);
  });
  it('ignores signals of an earlier operator day', () => {
    const yesterday = { createdAt: '2026-11-21T20:00:00Z', daySequence: 200 };
    expect(dailyUsage([yesterday], 50, now, 'Africa/Lagos')).toEqual({ issuedToday: 0, receivedToday: 0, limit: 50 });
  });
  it('is zero with no signals', () => {
    expect(dailyUsage([], 10, now, 'UTC').receivedToday).toBe(0);
  });
});
