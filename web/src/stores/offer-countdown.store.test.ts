import { countdownAt } from '@signalroom/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { pollOfferCountdown, selectOfferCountdown, useOfferCountdownStore } from './offer-countdown.store.js';

const T0 = Date.parse('2026-11-22T10:00:00Z');

describe('offer countdown store', () => {
  beforeEach(() => {
    useOfferCountdownStore.setState({ deadlineMs: null, endedByServer: false, status: 'loading', now: T0 });
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
});
