import { TIMING } from '@signalroom/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';

/**
 * The offer countdown's row, read by the worker (ticks) and the server, reset by the server's
 * countdown module (admin reset).
 */
type Db = Kysely<Database>;
export type CountdownRow = Selectable<Database['offer_countdown']>;

/** Default offer window: the countdown starts at 8 h. */
export const DEFAULT_OFFER_WINDOW_MINUTES = TIMING.offerWindowMs / 60_000;

export function readCountdown(db: Db): Promise<CountdownRow | undefined> {
  return db.selectFrom('offer_countdown').selectAll().where('id', '=', 1).executeTakeFirst();
}

/**
 * The countdown row, created on first use with a deadline one window from now. Later calls never move
 * it: at zero the offer has ended until an admin sets a new deadline.
 */
export async function ensureCountdown(db: Db, now: Date): Promise<CountdownRow> {
  const existing = await readCountdown(db);
  if (existing) return existing;
  await db
    .insertInto('offer_countdown')
    .values({
      id: 1,
      deadline: new Date(now.getTime() + DEFAULT_OFFER_WINDOW_MINUTES * 60_000),
      window_minutes: DEFAULT_OFFER_WINDOW_MINUTES,
      updated_by: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await readCountdown(db)) as CountdownRow;
}

/** Sets a new deadline: now plus `durationMinutes`, or plus the configured window. */
export async function resetCountdown(
  db: Db,
  options: { now: Date; durationMinutes?: number | undefined; by: string | null },
): Promise<CountdownRow> {
  const current = await ensureCountdown(db, options.now);
  const minutes = options.durationMinutes ?? current.window_minutes;
  return db
    .updateTable('offer_countdown')
    .set({
      deadline: new Date(options.now.getTime() + minutes * 60_000),
      updated_at: options.now,
      updated_by: options.by,
    })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}
