import { describe, expect, it } from 'vitest';
import { martingaleLevels } from './martingale.js';

describe('martingaleLevels', () => {
  const expiresAt = new Date('2026-11-22T10:10:00Z');
  const plan = martingaleLevels(expiresAt);
  it('plans levels 0 to 3', () => {
    expect(plan.map((l) => l.level)).toEqual([0, 1, 2, 3]);
  });
  it('ends the primary window at the signal expiry', () => {
    expect(plan[0]?.entryTime.toISOString()).toBe('2026-11-22T10:05:00.000Z');
    expect(plan[0]?.expiryTime.toISOString()).toBe('2026-11-22T10:10:00.000Z');
  });
  it('enters each level 5 minutes after the previous and lets it last 5 minutes', () => {
    for (let i = 1; i < plan.length; i += 1) {
      const prev = plan[i - 1];
      const cur = plan[i];
      expect(cur && prev && cur.entryTime.getTime() - prev.entryTime.getTime()).toBe(300_000);
      expect(cur && cur.expiryTime.getTime() - cur.entryTime.getTime()).toBe(300_000);
    }
    expect(plan[3]?.expiryTime.toISOString()).toBe('2026-11-22T10:25:00.000Z');
  });
});
