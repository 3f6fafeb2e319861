import type { TSignal } from '@signalroom/shared';
import {
  lastSignalTime,
  listClosedSignals,
  listSignalNotes,
  listSignals,
  listSignalsPage,
  listSlotGaps,
  presentSignal,
  type SlotGapRow,
} from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';
import { type PagePlace, pageOf } from '../../http/page-cursor.js';

/**
 * The signal module's reads. The signals table itself is read and written through the one signal
 * repository (shared/node), which the worker writes through too; what is here is the server's use of it.
 */

/** Signals by slot time, as members receive them (before the per-tier cut). */
export async function findSignals(db: Db, limit: number, order: 'asc' | 'desc'): Promise<TSignal[]> {
  return withNotes(db, (await listSignals(db, limit, order)).map(presentSignal));
}

/**
 * One page of the history, newest first, with the next page's cursor (null on the last): signals before
 * `before`, issued since `since`, and with `closedBy` only those whose primary window had closed then.
 */
export async function findSignalsPage(
  db: Db,
  page: { limit: number; before: PagePlace | null; since: Date | null; closedBy: Date | null },
): Promise<{ signals: TSignal[]; nextCursor: string | null }> {
  const { items, nextCursor } = pageOf(await listSignalsPage(db, page), page.limit);
  return { signals: await withNotes(db, items.map(presentSignal)), nextCursor };
}

/** The signals with their follow-up notes (each signal gets a list, empty when it has none). */
export async function withNotes(db: Db, signals: TSignal[]): Promise<TSignal[]> {
  const notes = await listSignalNotes(
    db,
    signals.map((s) => s.id),
  );
  return signals.map((s) => ({ ...s, notes: notes.get(s.id) ?? [] }));
}

/**
 * Signals whose primary window had closed at `now` (`expires_at <= now`), newest or oldest first: what a
 * trial member may see.
 */
export async function findClosedSignals(db: Db, now: Date, limit: number, order: 'asc' | 'desc'): Promise<TSignal[]> {
  return withNotes(db, (await listClosedSignals(db, now, limit, order)).map(presentSignal));
}

export function findLastSignalTime(db: Db): Promise<Date | null> {
  return lastSignalTime(db);
}

/** Members: accounts that confirmed their e-mail, admins excluded. */
export async function countMembers(db: Db): Promise<number> {
  const members = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'member')
    .where('email_verified_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(members.n);
}

/** Why slots starting in [from, to) yielded no signal, oldest first. */
export function findSlotGaps(db: Db, range: { from: Date; to: Date }): Promise<SlotGapRow[]> {
  return listSlotGaps(db, range);
}
