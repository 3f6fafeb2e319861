import { describe, expect, it } from 'vitest';
import { accessLevelFor } from './access-level.js';

describe('accessLevelFor', () => {
  it('gives premium to gold whatever the deposit flag', () => {
    expect(accessLevelFor({ tier: 'gold', hasDeposited: true })).toBe('premium');
    expect(accessLevelFor({ tier: 'gold', hasDeposited: false })).toBe('premium');
  });
  it('gives deposited to a confirmed deposit below gold', () => {
    expect(accessLevelFor({ tier: 'silver', hasDeposited: true })).toBe('deposited');
    expect(accessLevelFor({ tier: 'guest', hasDeposited: true })).toBe('deposited');
  });
  it('gives basic to a paid tier without a deposit and free to a guest (Revoke)', () => {
    expect(accessLevelFor({ tier: 'pro', hasDeposited: false })).toBe('basic');
    expect(accessLevelFor({ tier: 'guest', hasDeposited: false })).toBe('free');
  });
});
