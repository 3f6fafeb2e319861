import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMoment, formatUsd } from './activation-format.js';

describe('activation formatting', () => {
  const now = new Date('2026-11-24T15:30:00Z');

  it('shows a moment of today as 24-hour time in the given zone', () => {
    expect(formatMoment('2026-11-24T13:02:00Z', now, 'Africa/Lagos')).toBe('14:02');
    expect(formatMoment('2026-11-24T13:02:00Z', now, 'UTC')).toBe('13:02');
  });

  it('adds the day for another day, and the year for another year, judged in the zone', () => {
    expect(formatMoment('2026-11-23T22:30:00Z', now, 'UTC')).toBe('23 Nov, 22:30');
    // 23:30 UTC on the 23rd is already the 24th in Lagos: today there.
    expect(formatMoment('2026-11-23T23:30:00Z', now, 'Africa/Lagos')).toBe('00:30');
    expect(formatMoment('2025-12-03T09:05:00Z', now, 'UTC')).toBe('3 Dec 2025, 09:05');
  });

  it('formats sizes and amounts', () => {
    expect(formatFileSize(812)).toBe('812 B');
    expect(formatFileSize(300 * 1024)).toBe('300 KB');
    expect(formatFileSize(3.44 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatUsd(1250)).toBe('$1,250');
    expect(formatUsd(99.5)).toBe('$99.50');
  });
});
