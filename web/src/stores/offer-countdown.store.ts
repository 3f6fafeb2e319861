import {
  deadlineOnDevice,
  formatOfferTimeLeft,
  formatTimeLeft,
  msUntilNextSecond,
  nextClockOffset,
  type OfferTimeParts,
  offerTimeParts,
  type TCountdown,
  TIMING,
} from '@signalroom/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import * as api from '../api/api.js';

export type OfferCountdownStatus = 'loading' | 'live' | 'offline' | 'unavailable';

interface OfferCountdownState {
  /** Deadline on this device's clock (the server's deadline minus the clock offset); null when none is known. */
  deadlineMs: number | null;
  /** Server clock minus this device's clock, taken at the first answer (see `nextClockOffset`). */
  offsetMs: number | null;
  /** When the last countdown arrived (device clock): polling waits while pushes keep it fresh. */
  syncedAt: number | null;
  /** The server said the offer has ended (or no offer is set). */
  endedByServer: boolean;
  /** live: last poll answered; offline: counting down locally from the last known deadline. */
  status: OfferCountdownStatus;
  now: number;
  /** Takes a countdown from the API or the `countdown:tick` socket event. */
  apply(countdown: TCountdown, receivedAt?: number): void;
  /** Marks the last poll as failed; the countdown keeps running locally. */
  markUnreachable(): void;
  tick(now?: number): void;
}

export const useOfferCountdownStore = create<OfferCountdownState>((set, get) => ({
  deadlineMs: null,
  offsetMs: null,
  syncedAt: null,
  endedByServer: false,
  status: 'loading',
  now: Date.now(),
  apply(countdown, receivedAt = Date.now()) {
    // The deadline through the clock offset: a wrong device clock cannot shift the countdown, and every
    // answer or push (a sync point every few seconds) moves it only when the deadline itself changed.
    const offsetMs = nextClockOffset(get().offsetMs, countdown.serverTime, receivedAt);
    set({
      deadlineMs: deadlineOnDevice(countdown, offsetMs),
      offsetMs,
      syncedAt: receivedAt,
      endedByServer: countdown.ended,
      status: 'live',
      now: receivedAt,
    });
  },
  markUnreachable() {
    set({ status: get().deadlineMs === null && get().status !== 'live' ? 'unavailable' : 'offline' });
  },
  tick(now = Date.now()) {
    set({ now });
  },
}));

export interface OfferCountdownView {
  status: OfferCountdownStatus;
  /** True at zero, or when no offer is running; nothing restarts it by itself. */
  ended: boolean;
  timeLeftMs: number;
  time: TCountdown['timeFormatted'] | null;
  /** The units the countdowns show: days only above 48 hours (shared rule `offerTimeParts`). */
  parts: OfferTimeParts | null;
  /** The same as one line: "07:59:59", or "29 days 23:59:59" above 48 hours. */
  text: string | null;
  /** The deadline on this device's clock (ms), null when none is known. */
  deadlineMs: number | null;
}

/** What the screens show for a store state at its `now`. */
export function selectOfferCountdown(s: Pick<OfferCountdownState, 'deadlineMs' | 'endedByServer' | 'status' | 'now'>) {
  const known = s.status === 'live' || s.deadlineMs !== null;
  const timeLeftMs = s.deadlineMs === null ? 0 : Math.max(0, s.deadlineMs - s.now);
  const ended = known && (s.endedByServer || timeLeftMs === 0);
  return {
    status: s.status,
    ended,
    timeLeftMs,
    time: known ? formatTimeLeft(timeLeftMs) : null,
    parts: known ? offerTimeParts(timeLeftMs) : null,
    text: known ? formatOfferTimeLeft(timeLeftMs) : null,
    deadlineMs: s.deadlineMs,
  } satisfies OfferCountdownView;
}

let subscribers = 0;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let renderTimer: ReturnType<typeof setTimeout> | null = null;
let unsubscribe: (() => void) | null = null;
let inFlight = false;
/** `syncedAt` of the last poll's answer: a later `syncedAt` came from a push. */
let polledAt: number | null = null;

/** One poll of GET /api/countdown; a failure leaves the local countdown running. */
export async function pollOfferCountdown(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  const syncedBefore = useOfferCountdownStore.getState().syncedAt;
  try {
    const answer = await api.countdown.current();
    if (answer.ok) {
      // A push that came while this answer travelled (the socket's snapshot, often) shows the socket is
      // live: the answer is then not the latest poll, or the page would ask every 10 s until the next push.
      const pushedMeanwhile = useOfferCountdownStore.getState().syncedAt !== syncedBefore;
      useOfferCountdownStore.getState().apply(answer.data);
      if (!pushedMeanwhile) polledAt = useOfferCountdownStore.getState().syncedAt;
    } else useOfferCountdownStore.getState().markUnreachable();
  } finally {
    inFlight = false;
  }
}

/** Renders the next second on the deadline's own second boundary (every device changes digits together). */
function scheduleRender(): void {
  if (renderTimer) clearTimeout(renderTimer);
  const { deadlineMs } = useOfferCountdownStore.getState();
  const delay = deadlineMs === null ? TIMING.clockTickMs : msUntilNextSecond(deadlineMs, Date.now());
  renderTimer = setTimeout(() => {
    useOfferCountdownStore.getState().tick();
    scheduleRender();
  }, delay);
}

/**
 * Starts the clock and the sync while at least one screen shows the countdown: the digits are computed
 * here every second, the server is asked every `countdownPollMs` only when no push (the dashboard's
 * socket sends sync points, at least every `countdownSyncMs`) arrived recently.
 */
export function startOfferCountdown(): () => void {
  subscribers += 1;
  if (subscribers === 1) {
    void pollOfferCountdown();
    scheduleRender();
    unsubscribe = useOfferCountdownStore.subscribe((s, before) => {
      if (s.deadlineMs !== before.deadlineMs) scheduleRender();
    });
    pollTimer = setInterval(() => {
      const { syncedAt } = useOfferCountdownStore.getState();
      const pushed = syncedAt !== null && syncedAt !== polledAt;
      if (pushed && Date.now() - syncedAt < TIMING.countdownSyncMs * 1.5) return;
      void pollOfferCountdown();
    }, TIMING.countdownPollMs);
  }
  return () => {
    subscribers -= 1;
    if (subscribers === 0) {
      if (pollTimer) clearInterval(pollTimer);
      if (renderTimer) clearTimeout(renderTimer);
      unsubscribe?.();
      pollTimer = null;
      renderTimer = null;
      unsubscribe = null;
    }
  };
}

/** The offer countdown for a component: counts every second, synced with the server, while mounted. */
export function useOfferCountdown(): OfferCountdownView {
  useEffect(() => startOfferCountdown(), []);
  const deadlineMs = useOfferCountdownStore((s) => s.deadlineMs);
  const endedByServer = useOfferCountdownStore((s) => s.endedByServer);
  const status = useOfferCountdownStore((s) => s.status);
  const now = useOfferCountdownStore((s) => s.now);
  return selectOfferCountdown({ deadlineMs, endedByServer, status, now });
}
