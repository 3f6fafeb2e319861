import { describe, expect, it } from 'vitest';
import { formatUtcOffset, utcOffsetChoices } from './utc-offsets.js';

describe('the offset of a file without zones', () => {
  it('writes an offset as people read it', () => {
    expect(formatUtcOffset(60)).toBe('UTC+01:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-300)).toBe('UTC−05:00');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
  });

  it('offers every quarter hour of the range, and an odd current offset too', () => {
    const choices = utcOffsetChoices(60);
    expect(choices[0]).toBe(-720);
    expect(choices.at(-1)).toBe(840);
    expect(choices).toHaveLength(105);
    expect(utcOffsetChoices(61)).toHaveLength(106);
    expect(utcOffsetChoices(61)).toContain(61);
    expect(utcOffsetChoices(900)).toHaveLength(105);
  });
});
