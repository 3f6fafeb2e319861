import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSignalsStore, type LiveSignalsStore } from './live-signals.store.js';
import { countdown, makeSignal, makeStats, makeUser } from './live-signals.test-data.js';
import { useSessionStore } from './session.store.js';

let store: LiveSignalsStore;
let detach: () => void;
const live = () => store.getState();

describe('live signals store', () => {
  beforeEach(() => {
    useSessionStore.getState().clear();
    store = createLiveSignalsStore();
    detach = live().attach();
  });
  afterEach(() => detach());

  it('creates independent stores: a signal or transport change in one leaves the other as it was', () => {
    const other = createLiveSignalsStore();
    const detachOther = other.getState().attach();
    try {
      live().applySnapshot({ user: makeUser(), signals: [makeSignal(1)], stats: makeStats(), countdown });
      live().transition({ type: 'start' });
      expect(other.getState().signals).toEqual([]);
      expect(other.getState().stats).toBeNull();
      expect(other.getState().transport).toBe('off');
      expect(other.getState().countdown).toBeNull();
      // Both follow the one session, but each loads into its own state.
      expect(other.getState().access).toBe(true);
      other.getState().applySignal(makeSignal(2));
      expect(live().signals.map((s) => s.id)).toEqual(['sig-1']);
      expect(other.getState().signals.map((s) => s.id)).toEqual(['sig-2']);
    } finally {
      detachOther();
    }
  });

  it('stops following the session once detached', () => {
    const other = createLiveSignalsStore();
    other.getState().attach()();
    useSessionStore.getState().setUser(makeUser());
    expect(live().access).toBe(true);
    expect(other.getState().access).toBe(false);
  });

  it('has no access and drops signals while no member with access is signed in', () => {
    expect(live().access).toBe(false);
    live().applySignal(makeSignal(1));
    expect(live().signals).toEqual([]);
  });

  it('loads a snapshot for a member with signal access', () => {
    live().applySnapshot({ user: makeUser(), signals: [makeSignal(1), makeSignal(2)], stats: makeStats(), countdown });
    expect(live().access).toBe(true);
    expect(live().signals.map((s) => s.id)).toEqual(['sig-2', 'sig-1']);
    expect(live().stats?.winRateFirstWindow).toBe(50);
    expect(live().stats?.winRateWithMartingale).toBe(75);
    expect(live().loadStatus).toBe('ready');
    expect(live().lastRefreshAt).not.toBeNull();
    expect(useSessionStore.getState().user?.tier).toBe('gold');
  });

  it('ignores the signals of a snapshot for a guest whose trial has ended', () => {
    live().applySnapshot({
      user: makeUser({ tier: 'guest', dashboardUnlocked: false, trialEndsAt: '2026-01-01T00:00:00.000Z' }),
      signals: [makeSignal(1)],
      stats: null,
      countdown,
    });
    expect(live().access).toBe(false);
    expect(live().signals).toEqual([]);
    expect(live().countdown).toEqual(countdown);
  });

  it('gives a guest in the trial the delayed view, and empties it when the trial ends', () => {
    // A fake clock: the store's trial-end timer fires when the test moves time past trialEndsAt.
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00.000Z') });
    try {
      live().applySnapshot({
        user: makeUser({ tier: 'guest', dashboardUnlocked: false, trialEndsAt: '2026-11-24T10:00:05.000Z' }),
        signals: [makeSignal(1)],
        stats: makeStats(),
        countdown,
      });
      expect(live().mode).toBe('delayed');
      expect(live().signals.map((s) => s.id)).toEqual(['sig-1']);
      vi.advanceTimersByTime(4999);
      expect(live().mode).toBe('delayed');
      vi.advanceTimersByTime(2);
      expect(live().mode).toBe('none');
      expect(live().signals).toEqual([]);
      expect(live().stats).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds pushed signals live and applies their updates', () => {
    live().applySnapshot({ user: makeUser(), signals: [makeSignal(1)], stats: null, countdown });
    live().applySignal(makeSignal(2));
    live().applySignal(makeSignal(1, { status: 'closed', outcome: 'loss' }));
    expect(live().signals.map((s) => `${s.id}:${s.locked ? 'locked' : s.status}`)).toEqual([
      'sig-2:active',
      'sig-1:closed',
    ]);
  });

  it('clears signals and statistics at once when an account update removes access', () => {
    live().applySnapshot({ user: makeUser(), signals: [makeSignal(1)], stats: makeStats(), countdown });
    live().applyAccount(makeUser({ tier: 'guest', dashboardUnlocked: false }));
    expect(live().access).toBe(false);
    expect(live().signals).toEqual([]);
    expect(live().stats).toBeNull();
    expect(useSessionStore.getState().user?.tier).toBe('guest');
    // A late or replayed push after the revocation is not shown.
    live().applySignal(makeSignal(2));
    live().applyStats(makeStats());
    expect(live().signals).toEqual([]);
    expect(live().stats).toBeNull();
  });

  it('starts loading when an account update grants access', () => {
    live().applyAccount(makeUser({ tier: 'guest', dashboardUnlocked: false }));
    live().applyAccount(makeUser({ tier: 'silver', dashboardUnlocked: true }));
    expect(live().access).toBe(true);
    expect(live().loadStatus).toBe('loading');
  });

  it('turns a failed first poll into an error state but keeps data on a later failure', () => {
    useSessionStore.getState().setUser(makeUser());
    live().applyPoll({ error: 'down' });
    expect(live().loadStatus).toBe('error');
    expect(live().loadError).toBe('down');
    live().applyPoll({ signals: [makeSignal(3)], stats: makeStats() });
    expect(live().loadStatus).toBe('ready');
    live().applyPoll({ error: 'down again' });
    expect(live().loadStatus).toBe('ready');
    expect(live().signals.map((s) => s.id)).toEqual(['sig-3']);
  });

  it('keeps statistics when a poll brings only signals', () => {
    useSessionStore.getState().setUser(makeUser());
    live().applyPoll({ signals: [makeSignal(1)], stats: makeStats({ winRateFirstWindow: 60 }) });
    live().applyPoll({ signals: [makeSignal(2), makeSignal(1)] });
    expect(live().stats?.winRateFirstWindow).toBe(60);
    expect(live().signals).toHaveLength(2);
  });

  it('follows the transport state machine', () => {
    live().transition({ type: 'start' });
    expect(live().transport).toBe('connecting');
    live().transition({ type: 'connect-failed' });
    expect(live().transport).toBe('polling');
    live().transition({ type: 'connected' });
    expect(live().transport).toBe('push');
    live().transition({ type: 'stop' });
    expect(live().transport).toBe('off');
  });
});
