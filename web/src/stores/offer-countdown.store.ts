import {
  formatOfferTimeLeft,
  formatTimeLeft,
  type OfferTimeParts,
  offerTimeParts,
  type TCountdown,
  TIMING,
} from '@signalroom/shared';
import { useEffect } from 'react';
import { create } from 'zustand';
import { fetchCountdown } from '../api/public.api.js';

export type OfferCountdownStatus = 'loading' | 'live' | 'offline' | 'unavailable';

interface OfferCountdownState {
  /** Deadline on this device's clock (now + time left at the last answer); null when none is known. */
  deadlineMs: number | null;
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
  endedByServer: false,
  status: 'loading',
  now: Date.now(),
  apply(countdown, receivedAt = Date.now()) {
    set({
      // Time left rather than the absolute deadline: a wrong device clock cannot shift the countdown.
      deadlineMs: countdown.deadline ? receivedAt + countdown.timeLeftMs : null,
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
let timer: ReturnType<typeof setInterval> | null = null;
let inFlight = false;

/** One poll of GET /api/countdown; a failure leaves the local countdown running. */
export async function pollOfferCountdown(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    const answer = await fetchCountdown();
    if (answer.ok) useOfferCountdownStore.getState().apply(answer.data);
    else useOfferCountdownStore.getState().markUnreachable();
  } finally {
    inFlight = false;
  }
}

/** Starts the 1 s poll and clock while at least one screen shows the countdown. */
export function startOfferCountdown(): () => void {
  subscribers += 1;
  if (subscribers === 1) {
    void pollOfferCountdown();
    timer = setInterval(() => {
      useOfferCountdownStore.getState().tick();
      void pollOfferCountdown();
    }, TIMING.countdownPollMs);
  }
  return () => {
    subscribers -= 1;
    if (subscribers === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The offer countdown for a component: polls every second while mounted. */
export function useOfferCountdown(): OfferCountdownView {
  useEffect(() => startOfferCountdown(), []);
  const deadlineMs = useOfferCountdownStore((s) => s.deadlineMs);
  const endedByServer = useOfferCountdownStore((s) => s.endedByServer);
  const status = useOfferCountdownStore((s) => s.status);
  const now = useOfferCountdownStore((s) => s.now);
  return selectOfferCountdown({ deadlineMs, endedByServer, status, now });
}
