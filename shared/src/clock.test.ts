import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment, isTimeZone, zoneShortName } from './clock.js';

// 2026-11-27 23:08 UTC: already the 28th in Lagos (UTC+1), still the 27th in New York.
const moment = '2026-11-27T23:08:05Z';

describe('formatMoment', () => {
  it('writes the time alone when the moment is today in the reader zone', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(formatMoment(moment, { timeZone: 'Africa/Lagos', now })).toBe('00:08');
    expect(formatMoment(moment, { timeZone: 'Africa/Lagos', now, seconds: true })).toBe('00:08:05');
  });

  it('adds the date on another day of the reader zone, so a time is never ambiguous across midnight', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(formatMoment(moment, { timeZone: 'America/New_York', now })).toBe('27 Nov, 18:08');
    expect(formatMoment(moment, { timeZone: 'UTC', now })).toBe('27 Nov, 23:08');
  });

  it('adds the year only for another year, and the zone short name where asked', () => {
    const now = new Date('2027-01-02T10:00:00Z');
    expect(formatMoment(moment, { timeZone: 'Africa/Lagos', now, zoneName: true })).toBe('28 Nov 2026, 00:08 GMT+1');
    expect(formatDay(moment, 'UTC', now)).toBe('27 Nov 2026');
  });

  it('writes the date when asked even for today, and nothing for an unreadable moment', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    expect(formatMoment(moment, { timeZone: 'Africa/Lagos', now, withDate: true })).toBe('28 Nov, 00:08');
    expect(formatMoment('not a date', { timeZone: 'UTC', now })).toBe('');
  });
});

describe('time zones', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Africa/Lagos')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('names a zone by its short name at that moment', () => {
    expect(zoneShortName(moment, 'UTC')).toBe('UTC');
    expect(zoneShortName(moment, 'Africa/Lagos')).toBe('GMT+1');
  });
});
