import { formatMoment } from '@signalroom/shared';

/** A moment as the admin reads it, with its date and seconds: "22 Nov, 14:05:00 GMT+1" in the given zone. */
export function formatDeadline(at: string | Date, timeZone: string): string {
  return formatMoment(at, { timeZone, withDate: true, seconds: true, zoneName: true });
}
