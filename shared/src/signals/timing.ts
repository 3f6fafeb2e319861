import { TIMING } from '../constants.js';

/**
 * The next 5-minute boundary strictly after `now` (signals are issued on those boundaries): at exactly
 * 10:05:00.000 the next one is 10:10:00. Boundaries are in UTC epoch time, which every zone with a
 * whole-quarter-hour offset shares.
 */
export function nextSignalBoundary(now: Date, intervalMs: number = TIMING.signalIntervalMs): Date {
  const t = now.getTime();
  return new Date((Math.floor(t / intervalMs) + 1) * intervalMs);
}

/** A signal written this long after its slot started is marked as issued late wherever it is shown. */
export const LATE_ISSUE_MS = 10_000;

/**
 * How many seconds after its slot's start a signal was issued, when that is late enough to say so
 * (LATE_ISSUE_MS): its entry price and windows still count from the slot, which members must know.
 * Null when it was issued on time, or the payload predates the issue time.
 */
export function lateIssueSeconds(signal: { createdAt: string; issuedAt?: string | undefined }): number | null {
  if (!signal.issuedAt) return null;
  const lateMs = Date.parse(signal.issuedAt) - Date.parse(signal.createdAt);
  return lateMs >= LATE_ISSUE_MS ? Math.round(lateMs / 1000) : null;
}

/** minutes:seconds left until `target`, never negative ("04:59"). */
export function formatMinutesSeconds(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in an IANA time zone, e.g. the operator's. */
export function dayKeyInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** What the Command Center shows as the member's usage today (real figures, never a fixed sample number). */
export interface DailyUsage {
  /** Signals issued so far in the operator's day (from the newest signal's daySequence). */
  issuedToday: number;
  /** Of those, how many this member's tier receives in full. */
  receivedToday: number;
  /** The tier's daily allowance; null is unlimited. */
  limit: number | null;
}

/**
 * Usage today from the signals a member has: every signal (full or teaser) carries its position in the
 * operator's day, so the newest one of today tells how many were issued; the tier receives the first
 * `limit` of them in full. Signals of an earlier day do not count.
 */
export function dailyUsage(
  signals: ReadonlyArray<{ createdAt: string; daySequence: number }>,
  limit: number | null,
  now: Date,
  timeZone: string,
): DailyUsage {
  const today = dayKeyInZone(now, timeZone);
  let issuedToday = 0;
  for (const signal of signals) {
    if (dayKeyInZone(new Date(signal.createdAt), timeZone) !== today) continue;
    issuedToday = Math.max(issuedToday, signal.daySequence);
  }
  const receivedToday = limit === null ? issuedToday : Math.min(issuedToday, limit);
  return { issuedToday, receivedToday, limit };
}

/**
 * Why a 5-minute slot yielded no signal: the market was closed (weekend, holiday, instrument not
 * tradeable), the feed failed or answered stale data, or the slot's time passed while its signal could
 * not be written (the database or the worker was away), or an analyst had already published the slot's
 * signal on the desk and the operator lets a person's signal stand in for the engine's.
 */
export const SLOT_GAP_REASONS = ['market_closed', 'no_data', 'missed', 'analyst_published'] as const;
export type SlotGapReason = (typeof SLOT_GAP_REASONS)[number];
