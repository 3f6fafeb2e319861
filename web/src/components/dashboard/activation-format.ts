import type { GrantableTier } from '@signalroom/shared';

/**
 * A moment in the member's own time zone, 24-hour: "14:02" when it is today, "3 Dec, 14:02" on
 * another day of this year, "3 Dec 2025, 14:02" before. `timeZone` is for tests; the browser's own is
 * used otherwise.
 */
export function formatMoment(at: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(at);
  const zone = timeZone ? { timeZone } : {};
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...zone,
  }).format(date);
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...zone }).format(d);
  if (day(date) === day(now)) return time;
  const year = (d: Date) => new Intl.DateTimeFormat('en-GB', { year: 'numeric', ...zone }).format(d);
  const sameYear = year(date) === year(now);
  const dayText = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    ...zone,
  }).format(date);
  return `${dayText}, ${time}`;
}

export const TIER_LABELS: Record<GrantableTier, string> = { silver: 'Silver', pro: 'Pro', gold: 'Gold' };

/** A file size as people read it: "812 KB", "3.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A declared deposit in US dollars: "$1,250" or "$99.50". */
export function formatUsd(amount: number): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents })}`;
}
