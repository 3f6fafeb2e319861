import { z } from 'zod';
import { ZInstant } from './iso-date.js';

/** Offer countdown: a deadline an admin set. At zero it has ended; nothing restarts it by itself. */
export const ZCountdown = z.object({
  deadline: ZInstant.nullable(),
  ended: z.boolean(),
  timeLeftMs: z.number().int().nonnegative(),
  timeFormatted: z.object({ hours: z.string(), minutes: z.string(), seconds: z.string() }),
  serverTime: ZInstant,
});
export type TCountdown = z.infer<typeof ZCountdown>;

const pad = (n: number) => String(n).padStart(2, '0');

/** hours:minutes:seconds strings for a remaining duration; hours may exceed 24. */
export function formatTimeLeft(ms: number): TCountdown['timeFormatted'] {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    hours: pad(Math.floor(total / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}

/** The countdown state for a deadline at a given moment. */
export function countdownAt(deadline: Date | null, now: Date): TCountdown {
  const timeLeftMs = deadline ? Math.max(0, deadline.getTime() - now.getTime()) : 0;
  return {
    deadline: deadline ? deadline.toISOString() : null,
    ended: timeLeftMs === 0,
    timeLeftMs,
    timeFormatted: formatTimeLeft(timeLeftMs),
    serverTime: now.toISOString(),
  };
}

/** Above this much time left, offer countdowns show days: "719 hours" is not a time anyone reads. */
export const OFFER_DAYS_ABOVE_MS = 48 * 60 * 60 * 1000;

/** The units of an offer countdown: days only above 48 hours (then hours are those within the day). */
export interface OfferTimeParts {
  days: number | null;
  hours: string;
  minutes: string;
  seconds: string;
}

/** Splits the time left of an offer into the units its countdowns show (see OFFER_DAYS_ABOVE_MS). */
export function offerTimeParts(ms: number): OfferTimeParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  const withDays = ms > OFFER_DAYS_ABOVE_MS;
  const days = withDays ? Math.floor(total / 86_400) : null;
  const hours = withDays ? Math.floor((total % 86_400) / 3600) : Math.floor(total / 3600);
  return {
    days,
    hours: pad(hours),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}

/** The time left of an offer as one line: "47:59:59", or "29 days 23:59:59" above 48 hours. */
export function formatOfferTimeLeft(ms: number): string {
  const t = offerTimeParts(ms);
  const clock = `${t.hours}:${t.minutes}:${t.seconds}`;
  if (t.days === null) return clock;
  return `${t.days} ${t.days === 1 ? 'day' : 'days'} ${clock}`;
}

/** A device clock that jumps by more than this (set by hand, woken from sleep) starts a new offset. */
export const CLOCK_JUMP_MS = 5000;

/**
 * The server's clock seen from a device: `server time − device time`. Each answer stamped with the server
 * time gives a sample that is low by the time the answer travelled, so the largest sample is the best;
 * the first one (at connect) is kept until a faster answer beats it, so a sync point delayed by a busy
 * server or bus never shifts the countdown. A jump of the device clock starts over.
 */
export function nextClockOffset(previous: number | null, serverTime: string, receivedAt: number): number {
  const sample = Date.parse(serverTime) - receivedAt;
  if (previous === null || Number.isNaN(previous) || Math.abs(sample - previous) > CLOCK_JUMP_MS) return sample;
  return Math.max(previous, sample);
}

/** The countdown's deadline on the device's clock (ms), from the server's deadline and the clock offset. */
export function deadlineOnDevice(countdown: Pick<TCountdown, 'deadline'>, offsetMs: number): number | null {
  return countdown.deadline ? Date.parse(countdown.deadline) - offsetMs : null;
}

/**
 * Milliseconds until the shown digits change: every device renders on the deadline's own second
 * boundaries, so two screens showing the same countdown change digits together, not up to a second apart.
 * The digits are the whole seconds left rounded down, so at exactly 45 000 ms left they still read 45 and
 * change a millisecond later: a timer set for the whole second itself would draw the old second again and
 * the new one only a second later (and skip one when a later timer fires a millisecond late).
 */
export function msUntilNextSecond(deadlineMs: number, now: number): number {
  const left = deadlineMs - now;
  if (left <= 0) return 1000;
  return (left % 1000) + 1;
}
