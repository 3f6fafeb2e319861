import { countdownAt } from '@signalroom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pollOfferCountdown,
  selectOfferCountdown,
  startOfferCountdown,
  useOfferCountdownStore,
} from './offer-countdown.store.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');

describe('offer countdown store', () => {
  beforeEach(() => {
    useOfferCountdownStore.setState({
      deadlineMs: null,
      offsetMs: null,
      syncedAt: null,
      endedByServer: false,
      status: 'loading',
      now: T0,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing until the first answer', () => {
    const view = selectOfferCountdown(useOfferCountdownStore.getState());
    expect(view).toMatchObject({ status: 'loading', ended: false, time: null });
  });

  it('counts down from the time left the server gave, on this device clock', () => {
    const server = countdownAt(new Date(T0 + 2 * 3600_000 + 5_000), new Date(T0 - 3600_000)); // server clock 1 h behind
    useOfferCountdownStore.getState().apply(server, T0);
    useOfferCountdownStore.getState().tick(T0 + 1000);
    const view = selectOfferCountdown(useOfferCountdownStore.getState());
    expect(view.time).toEqual({ hours: '03', minutes: '00', seconds: '04' });
    expect(view.ended).toBe(false);
  });

  it('keeps counting down locally when the server cannot be reached, and ends at zero without restarting', async () => {
    useOfferCountdownStore.getState().apply(countdownAt(new Date(T0 + 3000), new Date(T0)), T0);
    // No server in a unit test: the relative fetch fails like an unreachable API.
    await pollOfferCountdown();
    expect(useOfferCountdownStore.getState().status).toBe('offline');
    useOfferCountdownStore.getState().tick(T0 + 2000);
    expect(selectOfferCountdown(useOfferCountdownStore.getState()).time?.seconds).toBe('01');
    useOfferCountdownStore.getState().tick(T0 + 3000);
    expect(selectOfferCountdown(useOfferCountdownStore.getState())).toMatchObject({ ended: true, timeLeftMs: 0 });
    useOfferCountdownStore.getState().tick(T0 + 60_000);
    expect(selectOfferCountdown(useOfferCountdownStore.getState())).toMatchObject({ ended: true, timeLeftMs: 0 });
  });

  it('shows days above 48 hours: a 30-day offer is 29 days 23:59:59, not 719 hours', () => {
    useOfferCountdownStore.getState().apply(countdownAt(new Date(T0 + 30 * 86_400_000), new Date(T0)), T0);
    useOfferCountdownStore.getState().tick(T0 + 1000);
    const view = selectOfferCountdown(useOfferCountdownStore.getState());
    expect(view.text).toBe('29 days 23:59:59');
    expect(view.parts).toEqual({ days: 29, hours: '23', minutes: '59', seconds: '59' });
  });

  it('shows an offer without a deadline as ended', () => {
    useOfferCountdownStore.getState().apply(countdownAt(null, new Date(T0)), T0);
    expect(selectOfferCountdown(useOfferCountdownStore.getState()).ended).toBe(true);
  });

  it('says unavailable when the server was never reached', async () => {
    await pollOfferCountdown();
    expect(useOfferCountdownStore.getState().status).toBe('unavailable');
  });

  it('keeps the clock offset of the fastest answer: a late sync point does not shift the countdown', () => {
    const deadline = new Date(T0 + 60_000);
    useOfferCountdownStore.getState().apply(countdownAt(deadline, new Date(T0)), T0 + 20); // 20 ms on the way
    const first = useOfferCountdownStore.getState().deadlineMs;
    // A sync point that spent 400 ms in a busy server: same deadline, same countdown.
    useOfferCountdownStore.getState().apply(countdownAt(deadline, new Date(T0 + 10_000)), T0 + 10_420);
    expect(useOfferCountdownStore.getState().deadlineMs).toBe(first);
    // A reset moves it at once, through the same offset.
    useOfferCountdownStore.getState().apply(countdownAt(new Date(T0 + 90_000), new Date(T0 + 11_000)), T0 + 11_300);
    expect(useOfferCountdownStore.getState().deadlineMs).toBe(T0 + 90_000 + 20);
  });

  it('takes a push that came while a poll travelled as a live socket: no ask every 10 s until the next push', async () => {
    vi.useFakeTimers({ now: T0 });
    const deadline = new Date(T0 + 3600_000);
    const asked: number[] = [];
    let release: () => void = () => {};
    vi.stubGlobal('fetch', () => {
      asked.push(Date.now());
      const data = countdownAt(deadline, new Date());
      const body = { success: true, message: 'OK', data, error: null, timestamp: new Date().toISOString() };
      const response = new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      return new Promise<Response>((resolve) => {
        release = () => resolve(response);
      });
    });
    try {
      // The screen's first ask goes out; the socket's snapshot lands before its answer.
      const stop = startOfferCountdown();
      await vi.advanceTimersByTimeAsync(100);
      useOfferCountdownStore.getState().apply(countdownAt(deadline, new Date()));
      release();
      await vi.advanceTimersByTimeAsync(50_000);
      stop();
      expect(asked).toEqual([T0]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("renders on the deadline's own second boundaries, so every device changes digits together", async () => {
    vi.useFakeTimers({ now: T0 });
    useOfferCountdownStore.getState().apply(countdownAt(new Date(T0 + 5_300), new Date(T0)), T0);
    const renders: number[] = [];
    const unsubscribe = useOfferCountdownStore.subscribe((s, before) => {
      if (s.now !== before.now) renders.push(s.now);
    });
    const stop = startOfferCountdown();
    await vi.advanceTimersByTimeAsync(3_500);
    stop();
    unsubscribe();
    const deadlineMs = useOfferCountdownStore.getState().deadlineMs as number;
    // A millisecond past each whole second left, the first moment the rounded-down digits differ: at
    // 5 000 ms left they still read 5, and a render then would show the old second for one more second.
    expect(renders).toEqual([T0 + 301, T0 + 1301, T0 + 2301, T0 + 3301]);
    expect(renders.every((now) => (deadlineMs - now) % 1000 === 999)).toBe(true);
    expect(renders.map((now) => selectOfferCountdown({ ...useOfferCountdownStore.getState(), now }).text)).toEqual([
      '00:00:04',
      '00:00:03',
      '00:00:02',
      '00:00:01',
    ]);
  });
});
