import { describe, expect, it } from 'vitest';
import { toIso, toIsoOrNull } from './iso-date.js';

describe('toIso', () => {
  it('writes a Date and a database string as the same UTC instant', () => {
    expect(toIso(new Date(Date.UTC(2026, 10, 27, 6, 5)))).toBe('2026-11-27T06:05:00.000Z');
    expect(toIso('2026-11-27 07:05:00+01')).toBe('2026-11-27T06:05:00.000Z');
  });
  it('keeps a missing timestamp missing', () => {
    expect(toIsoOrNull(null)).toBeNull();
    expect(toIsoOrNull(undefined)).toBeNull();
    expect(toIsoOrNull('2026-11-27T06:05:00Z')).toBe('2026-11-27T06:05:00.000Z');
  });
});
