import { describe, expect, it } from 'vitest';
import { delayedSignals, isPrimaryWindowClosed, isTrialRunning, signalAccessMode, trialStatus } from './access.js';

const now = new Date('2026-11-24T10:00:00Z');
const later = '2026-11-24T20:00:00.000Z';
const earlier = '2026-11-24T09:59:59.000Z';
const role = 'member' as const;

describe('signalAccessMode', () => {
  it('gives unlocked non-guest members the live room', () => {
    for (const tier of ['silver', 'pro', 'gold'] as const) {
      expect(signalAccessMode({ tier, dashboardUnlocked: true, role, trialEndsAt: earlier }, now)).toBe('full');
    }
  });

  it('gives a member in the trial the delayed view, whatever the tier, while the dashboard is locked', () => {
    expect(signalAccessMode({ tier: 'guest', dashboardUnlocked: false, role, trialEndsAt: later }, now)).toBe(
      'delayed',
    );
    expect(signalAccessMode({ tier: 'guest', dashboardUnlocked: true, role, trialEndsAt: later }, now)).toBe('delayed');
    expect(signalAccessMode({ tier: 'gold', dashboardUnlocked: false, role, trialEndsAt: later }, now)).toBe('delayed');
  });

  it('gives nothing once the trial has ended, before it started, or without a member', () => {
    expect(signalAccessMode({ tier: 'guest', dashboardUnlocked: false, role, trialEndsAt: earlier }, now)).toBe('none');
    expect(
      signalAccessMode({ tier: 'guest', dashboardUnlocked: false, role, trialEndsAt: now.toISOString() }, now),
    ).toBe('none');
    expect(signalAccessMode({ tier: 'guest', dashboardUnlocked: false, role, trialEndsAt: null }, now)).toBe('none');
    expect(signalAccessMode({ tier: 'guest', dashboardUnlocked: false, role }, now)).toBe('none');
    expect(signalAccessMode(null, now)).toBe('none');
  });
});

describe('admins', () => {
  it('get the live (gold) room, never the trial, whatever their own tier, lock and trial', () => {
    for (const trialEndsAt of [later, earlier, null]) {
      const admin = { tier: 'guest' as const, dashboardUnlocked: false, role: 'admin' as const, trialEndsAt };
      expect(signalAccessMode(admin, now)).toBe('full');
      expect(trialStatus(admin, now)).toBeNull();
    }
  });
});

describe('trialStatus', () => {
  it('is running or ended for a member without live access, and null with live access', () => {
    expect(trialStatus({ tier: 'guest', dashboardUnlocked: false, role, trialEndsAt: later }, now)).toBe('running');
    expect(trialStatus({ tier: 'guest', dashboardUnlocked: false, role, trialEndsAt: earlier }, now)).toBe('ended');
    expect(trialStatus({ tier: 'silver', dashboardUnlocked: true, role, trialEndsAt: later }, now)).toBeNull();
    expect(trialStatus(null, now)).toBeNull();
  });
});

describe('isTrialRunning', () => {
  it('runs strictly before trialEndsAt', () => {
    expect(isTrialRunning({ trialEndsAt: later }, now)).toBe(true);
    expect(isTrialRunning({ trialEndsAt: now.toISOString() }, now)).toBe(false);
    expect(isTrialRunning({ trialEndsAt: 'not a date' }, now)).toBe(false);
    expect(isTrialRunning(null, now)).toBe(false);
  });
});

describe('delayed signals', () => {
  const open = { id: 'open', expiresAt: '2026-11-24T10:05:00.000Z' };
  const closedNow = { id: 'edge', expiresAt: now.toISOString() };
  const closed = { id: 'closed', expiresAt: '2026-11-24T09:55:00.000Z' };

  it('shows a signal only once its primary window has closed (at the expiry instant, not before)', () => {
    expect(isPrimaryWindowClosed(open, now)).toBe(false);
    expect(isPrimaryWindowClosed(closedNow, now)).toBe(true);
    expect(isPrimaryWindowClosed(open, new Date(Date.parse(open.expiresAt) - 1))).toBe(false);
  });

  it('keeps the closed ones in order and drops the rest', () => {
    expect(delayedSignals([open, closedNow, closed], now).map((s) => s.id)).toEqual(['edge', 'closed']);
  });
});
