/**
 * The one way the product writes a moment for a person: in their time zone, 24-hour, with the date
 * whenever it is not today in that zone (so a time never stands ambiguous across midnight), and with
 * the zone's short name where a time stands alone ("14:05 GMT+1"). Screens, e-mails, messages and
 * exports all write times through here, so one moment reads the same everywhere.
 */

/** Options of `formatMoment`. */
export interface MomentOptions {
  /** The reader's IANA time zone (their own setting, else the browser's, else the business's). */
  timeZone: string;
  /** What "today" is; the date is left out only for a moment of today. */
  now?: Date;
  /** Name the zone after the time ("14:05 GMT+1"): for a time that stands alone, not in a table of times. */
  zoneName?: boolean;
  /** Seconds too ("14:05:07"): for clocks that tick and trade entries. */
  seconds?: boolean;
  /** Always write the date, even today (a deadline, an expiry). */
  withDate?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are slow to build and immutable: one per zone and shape. */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

function toDate(at: Date | string | number): Date {
  return at instanceof Date ? at : new Date(at);
}

/** Whether `zone` is an IANA time zone this runtime knows ("Africa/Lagos", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of a moment in a zone, as YYYY-MM-DD. */
function dayOf(at: Date, timeZone: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The zone's short name at that moment, as people read it: "GMT+1", "CET", "UTC". */
export function zoneShortName(at: Date | string | number, timeZone: string): string {
  const parts = formatter(timeZone, { timeZoneName: 'short' }).formatToParts(toDate(at));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** The time of day alone: "14:05" or "14:05:07". */
export function formatTimeOfDay(at: Date | string | number, timeZone: string, seconds = false): string {
  return formatter(timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(toDate(at));
}

/** The date alone, with the year when it is not this year: "27 Nov", "3 Dec 2025". */
export function formatDay(at: Date | string | number, timeZone: string, now: Date = new Date()): string {
  const date = toDate(at);
  const sameYear = dayOf(date, timeZone).slice(0, 4) === dayOf(now, timeZone).slice(0, 4);
  return formatter(timeZone, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(date);
}

/** A moment as the product writes it: "14:05", "27 Nov, 14:05", "3 Dec 2025, 14:05 GMT+1". */
export function formatMoment(at: Date | string | number, options: MomentOptions): string {
  const { timeZone, now = new Date(), zoneName = false, seconds = false, withDate = false } = options;
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return '';
  const time = formatTimeOfDay(date, timeZone, seconds);
  const zone = zoneName ? ` ${zoneShortName(date, timeZone)}` : '';
  if (!withDate && dayOf(date, timeZone) === dayOf(now, timeZone)) return `${time}${zone}`;
  return `${formatDay(date, timeZone, now)}, ${time}${zone}`;
}
