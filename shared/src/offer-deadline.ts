import { dayKeyInZone } from './signals/timing.js';

/**
 * What a page may say about when the offer ends (docs/decisions.md, "Claims only while true"):
 * `today` only when the real deadline falls on today's date in the operator's time zone, `later` with
 * that date otherwise, `ended` once it has passed, `unknown` while the deadline is not known.
 */
export type OfferDeadlineClaim =
  | { kind: 'unknown' }
  | { kind: 'ended' }
  | { kind: 'today'; deadline: Date }
  | { kind: 'later'; deadline: Date };

export function offerDeadlineClaim(
  deadline: Date | null,
  ended: boolean,
  now: Date,
  timeZone: string,
): OfferDeadlineClaim {
  if (ended) return { kind: 'ended' };
  if (!deadline) return { kind: 'unknown' };
  if (deadline.getTime() <= now.getTime()) return { kind: 'ended' };
  return dayKeyInZone(deadline, timeZone) === dayKeyInZone(now, timeZone)
    ? { kind: 'today', deadline }
    : { kind: 'later', deadline };
}
