import type { TSignal } from '@signalroom/shared';
import { emptyPerformanceStats } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { cutSnapshot, type LiveData, SNAPSHOT_SIGNAL_COUNT } from './realtime.snapshot.js';
import { testMember } from './realtime.test-data.js';

const limits = { silver: 10, pro: 50, gold: null };

function signal(daySequence: number): TSignal {
  return {
    id: `s${daySequence}`,
    asset: 'GBP/USD',
    signalType: 'sell',
    direction: 'PUT',
    entryPrice: 1.27,
    confidence: 70,
    status: 'active',
    outcome: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: null,
    expiresAt: '2026-11-22T10:05:00.000Z',
    stopLoss: null,
    takeProfit: null,
    analysis: null,
    resolvedLevel: null,
    exitPrice: null,
    daySequence,
    source: 'simulated',
    locked: false,
  };
}

const now = new Date('2026-11-22T10:00:00.000Z');
const data: LiveData = {
  signals: Array.from({ length: 12 }, (_, i) => signal(12 - i)),
  stats: emptyPerformanceStats(80),
  countdown: {
    deadline: '2026-11-22T11:00:00.000Z',
    ended: false,
    timeLeftMs: 999_999,
    timeFormatted: { hours: '99', minutes: '00', seconds: '00' },
    serverTime: '2026-11-22T09:00:00.000Z',
  },
};

describe('cutSnapshot', () => {
  it('gives anonymous sockets, guests and locked members the countdown only', () => {
    for (const user of [null, testMember({ tier: 'guest' }), testMember({ tier: 'gold', dashboardUnlocked: false })]) {
      const snapshot = cutSnapshot(data, user, limits, now);
      expect(snapshot.signals).toEqual([]);
      expect(snapshot.stats).toBeNull();
      expect(snapshot.user).toBe(user);
    }
  });

  it('gives a member in the trial only the signals whose primary window has closed, and statistics', () => {
    const closed = { ...signal(1), id: 'closed', expiresAt: '2026-11-22T09:55:00.000Z' };
    const edge = { ...signal(2), id: 'edge', expiresAt: now.toISOString() };
    const open = { ...signal(3), id: 'open', expiresAt: '2026-11-22T10:05:00.000Z' };
    const trial = testMember({ tier: 'guest', dashboardUnlocked: false, trialEndsAt: '2026-11-23T09:00:00.000Z' });
    const snapshot = cutSnapshot({ ...data, signals: [open, edge, closed] }, trial, limits, now);
    expect(snapshot.signals.map((s) => s.id)).toEqual(['edge', 'closed']);
    expect(snapshot.stats).toEqual(emptyPerformanceStats(80));
    // Once the trial has ended: nothing.
    const after = cutSnapshot({ ...data, signals: [closed] }, trial, limits, new Date('2026-11-23T09:00:00.000Z'));
    expect(after).toMatchObject({ signals: [], stats: null });
  });

  it('gives an admin the gold view, never the delayed one, even with a running trial of their own', () => {
    const open = { ...signal(1), id: 'open', expiresAt: '2026-11-22T10:05:00.000Z' };
    const admin = testMember({
      role: 'admin',
      tier: 'guest',
      dashboardUnlocked: false,
      trialEndsAt: '2026-11-23T09:00:00.000Z',
    });
    const snapshot = cutSnapshot({ ...data, signals: [open] }, admin, limits, now);
    expect(snapshot.signals.map((s) => s.id)).toEqual(['open']);
    expect(snapshot.stats).toEqual(emptyPerformanceStats(80));
  });

  it('cuts signals to the tier: silver gets teasers past its daily allowance, gold everything', () => {
    const silver = cutSnapshot(data, testMember({ tier: 'silver' }), limits, now);
    expect(silver.signals).toHaveLength(SNAPSHOT_SIGNAL_COUNT);
    expect(silver.signals.filter((s) => s.locked).map((s) => s.daySequence)).toEqual([12, 11]);
    expect(silver.signals[0]).not.toHaveProperty('asset');
    const gold = cutSnapshot(data, testMember({ tier: 'gold' }), limits, now);
    expect(gold.signals.every((s) => !s.locked)).toBe(true);
    expect(gold.stats).toEqual(emptyPerformanceStats(80));
  });

  it('recomputes the time left from the deadline at the moment of sending', () => {
    const snapshot = cutSnapshot(data, null, limits, now);
    expect(snapshot.countdown).toMatchObject({ timeLeftMs: 3_600_000, ended: false, serverTime: now.toISOString() });
  });
});
