import { describe, expect, it } from 'vitest';
import type { Role, Tier } from './constants.js';
import { DASHBOARD_FEATURES } from './pages.js';
import { hasSignalAccess, signalTierOf } from './signals/access.js';
import {
  commandCenterView,
  effectiveTier,
  hasGoldAccess,
  isFeatureLocked,
  LOCKABLE_PAGES,
  lockedPageCopy,
  pageLockReason,
} from './tier-access.js';

const member = (tier: Tier, dashboardUnlocked: boolean, role: Role = 'member') => ({ tier, dashboardUnlocked, role });
const lockedFor = (tier: Tier, dashboardUnlocked: boolean, role: Role = 'member') =>
  DASHBOARD_FEATURES.filter((f) => isFeatureLocked(f, member(tier, dashboardUnlocked, role)));

describe('signalTierOf and hasSignalAccess', () => {
  it('gives an unlocked paid member their own tier room', () => {
    expect(signalTierOf(member('silver', true))).toBe('silver');
    expect(signalTierOf(member('pro', true))).toBe('pro');
    expect(signalTierOf(member('gold', true))).toBe('gold');
  });
  it('gives guests, locked members and nobody no signals', () => {
    expect(signalTierOf(member('guest', true))).toBeNull();
    expect(signalTierOf(member('gold', false))).toBeNull();
    expect(signalTierOf(null)).toBeNull();
    expect(hasSignalAccess(member('guest', false))).toBe(false);
  });
  it('gives an admin the gold room whatever their own tier and lock', () => {
    for (const tier of ['guest', 'silver', 'pro', 'gold'] as const) {
      for (const unlocked of [true, false]) {
        expect(signalTierOf(member(tier, unlocked, 'admin'))).toBe('gold');
        expect(hasSignalAccess(member(tier, unlocked, 'admin'))).toBe(true);
      }
    }
  });
});

describe('isFeatureLocked', () => {
  it('locks signals, auto-copy, vault, network and bot access for guests', () => {
    expect(lockedFor('guest', false)).toEqual(['signals', 'copy-trading', 'bot-access', 'mentorship', 'community']);
  });
  it('keeps the always-open items open for everyone', () => {
    for (const tier of ['guest', 'silver', 'pro', 'gold'] as const) {
      for (const f of ['command-center', 'account-setup', 'upgrade', 'settings', 'support'] as const) {
        expect(isFeatureLocked(f, member(tier, false))).toBe(false);
      }
    }
  });
  it('locks AI Bot Access unless the tier is gold', () => {
    expect(lockedFor('silver', true)).toEqual(['bot-access']);
    expect(lockedFor('pro', true)).toEqual(['bot-access']);
    expect(lockedFor('gold', true)).toEqual([]);
  });
  it('locks signals and members content for a non-guest whose dashboard is still locked', () => {
    expect(lockedFor('gold', false)).toEqual(['signals', 'copy-trading', 'mentorship', 'community']);
  });
  it('locks nothing for an admin, even one whose own tier is guest', () => {
    expect(lockedFor('guest', false, 'admin')).toEqual([]);
    expect(lockedFor('silver', true, 'admin')).toEqual([]);
  });
  it('opens Neural Signals (the delayed view) during the trial, and locks it again when the trial ends', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const guest = member('guest', false);
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
  it('needs gold tier and an unlocked dashboard, or an admin', () => {
    expect(hasGoldAccess(member('gold', true))).toBe(true);
    expect(hasGoldAccess(member('gold', false))).toBe(false);
    expect(hasGoldAccess(member('pro', true))).toBe(false);
    expect(hasGoldAccess(member('guest', false, 'admin'))).toBe(true);
    expect(hasGoldAccess(null)).toBe(false);
  });
});

describe('commandCenterView and effectiveTier', () => {
  it('picks the view by tier', () => {
    expect(commandCenterView(null)).toBe('activation');
    expect(commandCenterView(member('guest', false))).toBe('activation');
    expect(commandCenterView(member('silver', true))).toBe('active');
    expect(commandCenterView(member('pro', true))).toBe('active');
    expect(commandCenterView(member('gold', true))).toBe('elite');
  });
  it('shows an admin the gold view', () => {
    expect(effectiveTier(member('guest', false, 'admin'))).toBe('gold');
    expect(effectiveTier(member('silver', true))).toBe('silver');
    expect(commandCenterView(member('guest', false, 'admin'))).toBe('elite');
  });
});

describe('pageLockReason', () => {
  it('asks a guest or a locked member to activate, on every lockable page', () => {
    for (const page of LOCKABLE_PAGES) {
      expect(pageLockReason(page, member('guest', false))).toBe('activation');
      expect(pageLockReason(page, member('guest', true))).toBe('activation');
      expect(pageLockReason(page, member('silver', false))).toBe('activation');
      expect(pageLockReason(page, member('gold', false))).toBe('activation');
      expect(pageLockReason(page, null)).toBe('activation');
    }
  });
  it('opens the signal room to every active paid tier', () => {
    for (const tier of ['silver', 'pro', 'gold'] as const)
      expect(pageLockReason('signals', member(tier, true))).toBeNull();
  });
  it('tells an active silver or pro member that a gold page is for another tier', () => {
    for (const page of ['gold-room', 'platinum-stream'] as const) {
      expect(pageLockReason(page, member('silver', true))).toBe('tier');
      expect(pageLockReason(page, member('pro', true))).toBe('tier');
      expect(pageLockReason(page, member('gold', true))).toBeNull();
    }
  });
  it('never locks a page for an admin, whatever their trial', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    for (const page of LOCKABLE_PAGES) {
      expect(pageLockReason(page, member('guest', false, 'admin'))).toBeNull();
      const ended = { ...member('guest', false, 'admin'), trialEndsAt: '2026-11-24T09:00:00Z' };
      expect(pageLockReason(page, ended, now)).toBeNull();
    }
  });
  it('opens the signal room (delayed) during the trial, never a gold page', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const trial = { ...member('guest', false), trialEndsAt: '2026-11-24T12:00:00Z' };
    expect(pageLockReason('signals', trial, now)).toBeNull();
    expect(pageLockReason('gold-room', trial, now)).toBe('activation');
    expect(pageLockReason('platinum-stream', trial, now)).toBe('activation');
  });
  it('says the trial has ended on the signal room once it has, and asks for activation elsewhere', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const ended = { ...member('guest', false), trialEndsAt: '2026-11-24T09:00:00Z' };
    expect(pageLockReason('signals', ended, now)).toBe('trial-ended');
    expect(pageLockReason('gold-room', ended, now)).toBe('activation');
    // No trial on record (never started): activation is what is missing, not an ended trial.
    expect(pageLockReason('signals', { ...member('guest', false), trialEndsAt: null }, now)).toBe('activation');
  });
});

describe('lockedPageCopy', () => {
  it('sends a member who is not active to activation and support', () => {
    const copy = lockedPageCopy('signals', 'activation');
    expect(copy).toEqual({
      heading: 'This feature is locked',
      message: 'Activate your account to unlock it.',
      primary: { label: 'Activate Elite Access', to: '/dashboard/account-setup' },
      secondary: { label: 'Contact Elite Support', to: '/dashboard/support' },
    });
  });
  it('names the gold deposit when activation is what a gold page needs', () => {
    expect(lockedPageCopy('gold-room', 'activation').message).toBe(
      'Activate your account with a Gold deposit ($500+) to unlock it.',
    );
    expect(lockedPageCopy('gold-room', 'activation').primary.to).toBe('/dashboard/account-setup');
  });
  it('tells a lower tier the page is for gold members, with the upgrade path and no activation', () => {
    for (const [page, name] of [
      ['gold-room', 'Gold Room'],
      ['platinum-stream', 'Platinum Stream'],
    ] as const) {
      const copy = lockedPageCopy(page, 'tier');
      expect(copy.heading).toBe(`The ${name} is for Gold members`);
      expect(copy.message).toContain('Upgrade to Gold');
      expect(copy.message).toContain('$500+');
      expect(copy.primary).toEqual({ label: 'Upgrade to Gold', to: '/dashboard/upgrade' });
      expect(JSON.stringify(copy)).not.toMatch(/activat/i);
    }
  });
  it('tells a member whose trial ended that it has, and how to activate', () => {
    const copy = lockedPageCopy('signals', 'trial-ended');
    expect(copy.heading).toBe('Your trial has ended');
    expect(copy.message).toContain('Your trial of delayed signals has ended');
    expect(copy.primary).toEqual({ label: 'Activate Elite Access', to: '/dashboard/account-setup' });
    expect(lockedPageCopy('gold-room', 'trial-ended')).toEqual(lockedPageCopy('gold-room', 'activation'));
  });
  it('never tells a member the signal room is for another tier: only activation can be missing there', () => {
    expect(lockedPageCopy('signals', 'tier')).toEqual(lockedPageCopy('signals', 'activation'));
  });
});
