/** The offsets a file's times may be written at, in minutes east of UTC (ZJournalImportRequest's range). */
export const UTC_OFFSET_RANGE = { min: -720, max: 840 } as const;

/** An offset as people read it: "UTC+01:00", "UTC−05:00", "UTC+05:45". */
export function formatUtcOffset(minutes: number): string {
  const size = Math.abs(minutes);
  const hh = String(Math.floor(size / 60)).padStart(2, '0');
  const mm = String(size % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '−' : '+'}${hh}:${mm}`;
}

/**
 * Every offset in use (quarter hours across the range), and `current` too if the browser's is an
 * odd one, so the field can always start at the browser's.
 */
export function utcOffsetChoices(current: number): number[] {
  const choices: number[] = [];
  for (let m = UTC_OFFSET_RANGE.min; m <= UTC_OFFSET_RANGE.max; m += 15) choices.push(m);
  const inRange = current >= UTC_OFFSET_RANGE.min && current <= UTC_OFFSET_RANGE.max;
  if (inRange && !choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

/** The browser's offset now (Date counts it the other way round: minutes west of UTC). */
export function browserUtcOffset(now: Date = new Date()): number {
  const offset = -now.getTimezoneOffset();
  return Math.min(UTC_OFFSET_RANGE.max, Math.max(UTC_OFFSET_RANGE.min, offset));
}
