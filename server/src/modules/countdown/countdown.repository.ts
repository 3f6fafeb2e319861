import { type CountdownRow, ensureCountdown, resetCountdown } from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';

export type { CountdownRow };

/** The countdown row, created on first use with the default window (the worker's own rule). */
export function findOrCreateCountdown(db: Db, now: Date): Promise<CountdownRow> {
  return ensureCountdown(db, now);
}

export function updateCountdownDeadline(
  db: Db,
  options: { now: Date; durationMinutes?: number | undefined; by: string | null },
): Promise<CountdownRow> {
  return resetCountdown(db, options);
}
