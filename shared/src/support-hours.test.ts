import { describe, expect, it } from 'vitest';
import { parseSupportHours } from './support-hours.js';

describe('parseSupportHours', () => {
  it('publishes no hours when nothing is set', () => {
    expect(parseSupportHours(undefined)).toEqual([]);
    expect(parseSupportHours('  ')).toEqual([]);
  });

  it('reads channel=hours pairs in order, trimmed, an empty pair skipped', () => {
    expect(parseSupportHours(' Live chat = 24/7 ; E-mail=Reply within 2-24 hours;')).toEqual([
      { channel: 'Live chat', hours: '24/7' },
      { channel: 'E-mail', hours: 'Reply within 2-24 hours' },
    ]);
  });

  it('keeps an equals sign inside the hours', () => {
    expect(parseSupportHours('Phone=Mon-Fri 9-18 (UTC=GMT)')).toEqual([
      { channel: 'Phone', hours: 'Mon-Fri 9-18 (UTC=GMT)' },
    ]);
  });

  it('names the pair that is not channel=hours', () => {
    expect(parseSupportHours('Live chat=24/7; Phone')).toEqual({
      problem: '"Phone" is not channel=hours (e.g. "Live chat=24/7; E-mail=Reply within 24 hours")',
    });
    expect(parseSupportHours('=24/7')).toHaveProperty('problem');
    expect(parseSupportHours('Live chat=')).toHaveProperty('problem');
  });
});
