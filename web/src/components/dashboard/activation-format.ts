import type { GrantableTier } from '@signalroom/shared';
import { formatMoment as formatSharedMoment } from '@signalroom/shared';
import { formatForReader } from '../clock/use-clock.js';

/**
 * A moment in the reader's own zone, 24-hour: "14:02" today, "3 Dec, 14:02" on another day, the year
 * before this one. `timeZone` is for tests; the signed-in member's zone (else the browser's) otherwise.
 */
export function formatMoment(at: string, now: Date = new Date(), timeZone?: string): string {
  return timeZone ? formatSharedMoment(at, { timeZone, now }) : formatForReader(at, { now });
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
