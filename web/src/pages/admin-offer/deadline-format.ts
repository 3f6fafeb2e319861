/** A moment as the admin reads it: "Sun 22 Nov 2026, 14:05:00" in the given zone (UTC when none is known). */
export function formatDeadline(at: string | Date, timeZone: string | undefined): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: timeZone ?? 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}
