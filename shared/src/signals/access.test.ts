import { describe, expect, it } from 'vitest';
import {
  allowancePlaceLabel,
  allowanceSentence,
  delayedSignals,
  isPrimaryWindowClosed,
  isTrialRunning,
  signalAccessMode,
  signalViewFor,
  trialStatus,
} from './access.js';
import type { TSignal } from './signal.js';

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

describe('daily allowances by pool', () => {
  const limits = { silver: 2, pro: 50, gold: null };
  const signal = (daySequence: number, allowance?: TSignal['allowance']): TSignal => ({
    id: `s${daySequence}`,
    asset: 'EUR/USD',
    signalType: 'buy',
    direction: 'CALL',
    entryPrice: 1.08,
    confidence: 60,
    status: 'active',
    outcome: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: null,
    expiresAt: '2026-11-24T10:05:00.000Z',
    stopLoss: null,
    takeProfit: null,
    analysis: null,
    resolvedLevel: null,
    exitPrice: null,
    daySequence,
    ...(allowance ? { allowance } : {}),
    source: 'simulated',
    locked: false,
  });

  it('counts a signal at its place in its own pool: the desk cannot use up the model’s allowance', () => {
    // Three desk signals came first; the model's first signal is the day's fourth.
    expect(signalViewFor(signal(4, { pool: 'model', place: 1 }), 'silver', limits).locked).toBe(false);
    expect(signalViewFor(signal(3, { pool: 'desk', place: 3 }), 'silver', limits).locked).toBe(true);
    expect(signalViewFor(signal(6, { pool: 'model', place: 3 }), 'silver', limits)).toMatchObject({
      locked: true,
      daySequence: 6,
      allowance: { pool: 'model', place: 3 },
    });
  });

  it('counts every signal together when the pool is all, and by the day sequence in older payloads', () => {
    expect(signalViewFor(signal(3, { pool: 'all', place: 3 }), 'silver', limits).locked).toBe(true);
    expect(signalViewFor(signal(3), 'silver', limits).locked).toBe(true);
    expect(signalViewFor(signal(2), 'silver', limits).locked).toBe(false);
    expect(signalViewFor(signal(900), 'gold', limits).locked).toBe(false);
  });

  it('words the allowance as it is counted', () => {
    expect(allowanceSentence(10, ['all', undefined])).toBe(
      'Your tier receives the first 10 signals of each day in full.',
    );
    expect(allowanceSentence(10, ['model'])).toBe(
      "Your tier receives the first 10 of the model's signals and the first 10 of the analysts' signals of each day in full, counted apart.",
    );
    expect(allowancePlaceLabel({ allowance: { pool: 'desk', place: 11 } })).toBe("the analysts' #11");
    expect(allowancePlaceLabel({ allowance: { pool: 'all', place: 11 } })).toBeNull();
  });
});
