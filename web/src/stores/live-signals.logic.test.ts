import { describe, expect, it } from 'vitest';
import {
  activeLockedSignal,
  appendNote,
  currentSignal,
  LIVE_SIGNAL_WINDOW,
  mergeSignal,
  nextTransport,
  normalizeSignals,
  shouldRefreshStats,
  topPair,
} from './live-signals.logic.js';
import { makeSignal, makeStats } from './live-signals.test-data.js';

describe('nextTransport', () => {
  it('opens the socket on start and switches to push when it connects', () => {
    expect(nextTransport('off', { type: 'start' })).toBe('connecting');
    expect(nextTransport('connecting', { type: 'connected' })).toBe('push');
  });
  it('falls back to polling when the socket fails or drops, and back to push when it returns', () => {
    expect(nextTransport('connecting', { type: 'connect-failed' })).toBe('polling');
    expect(nextTransport('push', { type: 'disconnected' })).toBe('polling');
    expect(nextTransport('polling', { type: 'connected' })).toBe('push');
  });
  it('stays off after stop whatever the socket reports late', () => {
    expect(nextTransport('push', { type: 'stop' })).toBe('off');
    expect(nextTransport('off', { type: 'connected' })).toBe('off');
    expect(nextTransport('off', { type: 'disconnected' })).toBe('off');
  });
  it('ignores a second start', () => {
    expect(nextTransport('push', { type: 'start' })).toBe('push');
  });
});

describe('shouldRefreshStats', () => {
  it('always fetches statistics when there are none yet', () => {
    expect(shouldRefreshStats(0.99, false)).toBe(true);
  });
  it('fetches them on about one refresh in ten afterwards', () => {
    expect(shouldRefreshStats(0.05, true)).toBe(true);
    expect(shouldRefreshStats(0.1, true)).toBe(false);
    expect(shouldRefreshStats(0.5, true)).toBe(false);
  });
});

describe('signal lists', () => {
  it('normalizes newest first, one per id, within the window', () => {
    const list = normalizeSignals([makeSignal(1), makeSignal(3), makeSignal(2), makeSignal(3, { confidence: 90 })]);
    expect(list.map((s) => s.id)).toEqual(['sig-3', 'sig-2', 'sig-1']);
    expect(list[0]?.locked === false && list[0].confidence).toBe(90);
    const many = normalizeSignals(Array.from({ length: 15 }, (_, i) => makeSignal(i + 1)));
    expect(many).toHaveLength(LIVE_SIGNAL_WINDOW);
    expect(many[0]?.id).toBe('sig-15');
  });
  it('puts a new signal on top and drops the oldest past the window', () => {
    const list = normalizeSignals(Array.from({ length: 10 }, (_, i) => makeSignal(i + 1)));
    const next = mergeSignal(list, makeSignal(11));
    expect(next[0]?.id).toBe('sig-11');
    expect(next).toHaveLength(10);
    expect(next.some((s) => s.id === 'sig-1')).toBe(false);
  });
  it('replaces an updated signal in place', () => {
    const list = normalizeSignals([makeSignal(1), makeSignal(2)]);
    const next = mergeSignal(list, makeSignal(1, { status: 'expired', outcome: 'profit' }));
    expect(next.map((s) => s.id)).toEqual(['sig-2', 'sig-1']);
    expect(next[1]?.locked === false && next[1].outcome).toBe('profit');
  });
  it('does not bring back an update for a signal older than a full window', () => {
    const list = normalizeSignals(Array.from({ length: 10 }, (_, i) => makeSignal(i + 5)));
    expect(mergeSignal(list, makeSignal(1, { status: 'expired' })).map((s) => s.id)).toEqual(list.map((s) => s.id));
  });
  it('shows the newest signal as current only while it is a full, active signal', () => {
    expect(currentSignal([makeSignal(2), makeSignal(1)])?.id).toBe('sig-2');
    expect(currentSignal([makeSignal(2, { status: 'expired' }), makeSignal(1)])).toBeNull();
    const teaser = {
      id: 't',
      createdAt: '2026-11-22T12:00:00Z',
      expiresAt: '2026-11-22T12:05:00Z',
      daySequence: 30,
      locked: true as const,
    };
    expect(currentSignal([teaser])).toBeNull();
    expect(currentSignal([])).toBeNull();
  });
  it('names a locked teaser as the active signal while its window is open, not after', () => {
    const teaser = {
      id: 't',
      createdAt: '2026-11-22T12:00:00Z',
      expiresAt: '2026-11-22T12:05:00Z',
      daySequence: 11,
      locked: true as const,
    };
    expect(activeLockedSignal([teaser, makeSignal(1)], Date.parse('2026-11-22T12:04:59Z'))?.id).toBe('t');
    expect(activeLockedSignal([teaser], Date.parse('2026-11-22T12:05:00Z'))).toBeNull();
    expect(activeLockedSignal([makeSignal(2), teaser], Date.parse('2026-11-22T12:01:00Z'))).toBeNull();
  });
});

describe('topPair', () => {
  it('takes the asset with the most resolved signals', () => {
    expect(topPair(makeStats())).toBe('GBP/USD');
  });
  it('has no top pair before anything resolved', () => {
    expect(topPair(null)).toBeNull();
    expect(topPair(makeStats({ empty: true, byAsset: [] }))).toBeNull();
  });
});

describe('follow-up notes', () => {
  const note = (id: string, signalId: string) => ({
    id,
    signalId,
    authorName: 'Ada',
    body: `note ${id}`,
    createdAt: '2026-11-27T05:00:00.000Z',
  });

  it('appends a pushed note to its signal once, and ignores one for a signal not in the list', () => {
    const list = [makeSignal(1), makeSignal(2)];
    const id = list[0]?.id as string;
    const once = appendNote(list, note('n1', id));
    const twice = appendNote(once, note('n1', id));
    expect(twice[0]).toMatchObject({ notes: [{ id: 'n1' }] });
    expect(appendNote(list, note('n2', 'elsewhere'))).toEqual(list);
  });

  it('keeps the notes shown when an update without notes replaces the signal', () => {
    const list = appendNote([makeSignal(1)], note('n1', makeSignal(1).id));
    const updated = mergeSignal(list, { ...makeSignal(1), status: 'expired', outcome: 'loss' });
    expect(updated[0]).toMatchObject({ status: 'expired', notes: [{ id: 'n1' }] });
  });
});
