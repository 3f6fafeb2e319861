import { describe, expect, it } from 'vitest';
import { instantOfWallTime, wallTimeOf, zoneOffsetMinutes } from './wall-time.js';

describe('wall times in the member zone', () => {
  it('reads a datetime-local value at the zone of the member, not the browser', () => {
    expect(instantOfWallTime('2026-12-03T10:05:03', 'Africa/Lagos')).toBe('2026-12-03T09:05:03.000Z');
    expect(instantOfWallTime('2026-12-03T10:05', 'UTC')).toBe('2026-12-03T10:05:00.000Z');
    expect(instantOfWallTime('2026-12-03T10:05', 'Asia/Kolkata')).toBe('2026-12-03T04:35:00.000Z');
  });

  it('takes the offset in force at that moment, across a daylight-saving change', () => {
    // New York: UTC-4 in July, UTC-5 in December.
    expect(instantOfWallTime('2026-07-01T12:00', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    expect(instantOfWallTime('2026-12-01T12:00', 'America/New_York')).toBe('2026-12-01T17:00:00.000Z');
  });

  it('refuses an empty or impossible value', () => {
    expect(instantOfWallTime('', 'UTC')).toBeNull();
    expect(instantOfWallTime('2026-06-31T10:00', 'UTC')).toBeNull();
    expect(instantOfWallTime('yesterday', 'UTC')).toBeNull();
  });

  it('writes a moment back as the field shows it, and round-trips', () => {
    expect(wallTimeOf('2026-12-03T09:05:03.000Z', 'Africa/Lagos')).toBe('2026-12-03T10:05:03');
    const wall = wallTimeOf('2026-03-29T00:30:00.000Z', 'Europe/Berlin');
    expect(wall).toBe('2026-03-29T01:30:00');
    expect(instantOfWallTime(wall, 'Europe/Berlin')).toBe('2026-03-29T00:30:00.000Z');
  });

  it('knows how far a zone is ahead of UTC', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-12-03T09:00:00Z'), 'Africa/Lagos')).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2026-12-03T09:00:00.750Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2026-12-03T09:00:00Z'), 'Asia/Kathmandu')).toBe(345);
  });
});
