import { describe, expect, it } from 'vitest';
import { makeSignal } from '../stores/live-signals.test-data.js';
import { offlineSnapshot } from './offline-signals.js';

describe('offlineSnapshot', () => {
  it('keeps the five newest unlocked signals, one line each, with dated times from the one clock', () => {
    const locked = {
      id: 'locked-1',
      createdAt: '2026-11-22T10:40:00Z',
      expiresAt: '2026-11-22T10:45:00Z',
      daySequence: 9,
      locked: true as const,
    };
    const signals = [
      locked,
      makeSignal(7, {
        asset: 'GBP/USD',
        direction: 'PUT',
        signalType: 'sell',
        entryPrice: 1.2654,
        outcome: 'profit',
        resolvedLevel: 0,
        status: 'closed',
      }),
      ...[6, 5, 4, 3, 2].map((seq) => makeSignal(seq)),
    ];
    const snapshot = offlineSnapshot(signals, new Date('2026-11-22T11:00:00Z'));
    expect(snapshot.signals.map((s) => s.id)).toEqual(['sig-7', 'sig-6', 'sig-5', 'sig-4', 'sig-3']);
    expect(snapshot.signals[0]?.line).toBe('GBP/USD · SELL · 1.26540 · Won in first window');
    // The date is always there: the page is read later, maybe on another day.
    expect(snapshot.signals[0]?.at).toMatch(/^22 Nov, \d{2}:\d{2}$/);
    expect(snapshot.seenAt).toMatch(/^22 Nov, \d{2}:\d{2} \S+$/);
  });
});
