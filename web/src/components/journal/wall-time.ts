import { dayKeyInZone, formatTimeOfDay, readTradeTime } from '@signalroom/shared';

/**
 * The wall clock of `timeZone` at a moment, as `YYYY-MM-DDTHH:MM:SS` (what a datetime-local field
 * holds): the day and time of day as the one clock writes them (shared), joined.
 */
export function wallTimeOf(at: Date | string | number, timeZone: string): string {
  const date = at instanceof Date ? at : new Date(at);
  return `${dayKeyInZone(date, timeZone)}T${formatTimeOfDay(date, timeZone, true)}`;
}

/** How far `timeZone` is ahead of UTC at a moment, in minutes (60 for Africa/Lagos, -300 for New York in winter). */
export function zoneOffsetMinutes(at: number, timeZone: string): number {
  const wallAsUtc = readTradeTime(wallTimeOf(at, timeZone), 0);
  const wholeSecond = Math.floor(at / 1000) * 1000;
  return wallAsUtc === null ? 0 : Math.round((wallAsUtc - wholeSecond) / 60_000);
}

/**
 * A datetime-local value read as the member's own clock (their zone, not the browser's: every time the
 * dashboard shows is in their zone), as the ISO instant the API takes. Null for an empty or unreadable
 * value. The zone's offset is taken at the moment itself, so a time across a daylight-saving change
 * from today still reads right.
 */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const asUtc = readTradeTime(wall, 0);
  if (asUtc === null) return null;
  const first = zoneOffsetMinutes(asUtc, timeZone);
  let instant = asUtc - first * 60_000;
  const second = zoneOffsetMinutes(instant, timeZone);
  if (second !== first) instant = asUtc - second * 60_000;
  return new Date(instant).toISOString();
}
