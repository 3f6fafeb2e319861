import { describe, expect, it } from 'vitest';
import { commandCenterView, DASHBOARD_FEATURES, hasGoldAccess, isFeatureLocked } from './tier-access.js';

const lockedFor = (tier: 'guest' | 'silver' | 'pro' | 'gold', dashboardUnlocked: boolean) =>
  DASHBOARD_FEATURES.filter((f) => isFeatureLocked(f, { tier, dashboardUnlocked }));

describe('isFeatureLocked', () => {
  it('locks signals, auto-copy, vault, network and bot access for guests', () => {
    expect(lockedFor('guest', false)).toEqual(['signals', 'copy-trading', 'bot-access', 'mentorship', 'community']);
  });
  it('keeps the always-open items open for everyone', () => {
    for (const tier of ['guest', 'silver', 'pro', 'gold'] as const) {
      for (const f of ['command-center', 'account-setup', 'upgrade', 'settings', 'support'] as const) {
        expect(isFeatureLocked(f, { tier, dashboardUnlocked: false })).toBe(false);
      }
    }
  });
  it('locks AI Bot Access unless the tier is gold', () => {
    expect(lockedFor('silver', true)).toEqual(['bot-access']);
    expect(lockedFor('pro', true)).toEqual(['bot-access']);
    expect(lockedFor('gold', true)).toEqual([]);
  });
  it('locks signals for a non-guest whose dashboard is still locked', () => {
    expect(lockedFor('gold', false)).toEqual(['signals']);
  });
  it('opens Neural Signals (the delayed view) during the trial, and locks it again when the trial ends', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const guest = { tier: 'guest' as const, dashboardUnlocked: false };
    expect(isFeatureLocked('signals', { ...guest, trialEndsAt: '2026-11-24T12:00:00Z' }, now)).toBe(false);
    expect(isFeatureLocked('signals', { ...guest, trialEndsAt: '2026-11-24T09:00:00Z' }, now)).toBe(true);
    // The trial opens the signal room only: every other guest lock stays.
    expect(isFeatureLocked('community', { ...guest, trialEndsAt: '2026-11-24T12:00:00Z' }, now)).toBe(true);
  });
  it('locks every gated feature when there is no user', () => {
    expect(isFeatureLocked('signals', null)).toBe(true);
    expect(isFeatureLocked('community', null)).toBe(true);
    expect(isFeatureLocked('support', null)).toBe(false);
  });
});

describe('hasGoldAccess', () => {
  it('needs gold tier and an unlocked dashboard', () => {
    expect(hasGoldAccess({ tier: 'gold', dashboardUnlocked: true })).toBe(true);
    expect(hasGoldAccess({ tier: 'gold', dashboardUnlocked: false })).toBe(false);
    expect(hasGoldAccess({ tier: 'pro', dashboardUnlocked: true })).toBe(false);
    expect(hasGoldAccess(null)).toBe(false);
  });
});

describe('commandCenterView', () => {
  it('picks the view by tier', () => {
    expect(commandCenterView(null)).toBe('activation');
    expect(commandCenterView({ tier: 'guest' })).toBe('activation');
    expect(commandCenterView({ tier: 'silver' })).toBe('active');
    expect(commandCenterView({ tier: 'pro' })).toBe('active');
    expect(commandCenterView({ tier: 'gold' })).toBe('elite');
  });
});
