import { describe, expect, it } from 'vitest';
import { upgradeAvailability } from './upgrade.js';

describe('upgradeAvailability', () => {
  it('offers silver to guests only', () => {
    expect(upgradeAvailability('guest', 'silver')).toEqual({ available: true });
    expect(upgradeAvailability('silver', 'silver')).toEqual({ available: false, label: 'Current Tier' });
    expect(upgradeAvailability('pro', 'silver')).toEqual({ available: false, label: 'Not Available' });
    expect(upgradeAvailability('gold', 'silver')).toEqual({ available: false, label: 'Not Available' });
  });
  it('offers pro to guests and silver members', () => {
    expect(upgradeAvailability('guest', 'pro').available).toBe(true);
    expect(upgradeAvailability('silver', 'pro').available).toBe(true);
    expect(upgradeAvailability('pro', 'pro')).toEqual({ available: false, label: 'Current Tier' });
    expect(upgradeAvailability('gold', 'pro')).toEqual({ available: false, label: 'Not Available' });
  });
  it('offers gold to anyone not gold', () => {
    for (const tier of ['guest', 'silver', 'pro'] as const)
      expect(upgradeAvailability(tier, 'gold').available).toBe(true);
    expect(upgradeAvailability('gold', 'gold')).toEqual({ available: false, label: 'Current Tier' });
  });
});
