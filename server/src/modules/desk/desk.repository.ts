import {
  findDeskSignal,
  findSignal,
  insertDeskSignal,
  insertSignalNote,
  type NewDeskSignal,
  recordIssuedSignal,
  type SignalNoteRow,
  type SignalRow,
} from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';

/**
 * The desk's reads and writes. Signals are written through the one signal repository (shared/node) the
 * engine writes through, and appended to the track record in the same transaction, as the engine's are.
 */

/**
 * Writes the desk signal and its track-record entry in one transaction; null when the key was used.
 * `paced` runs first under the same lock, with the analyst's signals of the last hour (oldest first), so
 * two submits at once cannot both pass the hourly cap.
 */
export function writeDeskSignal(
  db: Db,
  signal: NewDeskSignal,
  at: Date,
  paced: (lastHour: Date[]) => void,
): Promise<SignalRow | null> {
  return recordIssuedSignal(
    db,
    async (trx) => {
      const recent = await trx
        .selectFrom('signals')
        .select('created_at')
        .where('author_id', '=', signal.authorId)
        .where('created_at', '>', new Date(at.getTime() - HOUR_MS))
        .orderBy('created_at')
        .execute();
      paced(recent.map((row) => new Date(row.created_at)));
      return insertDeskSignal(trx, signal);
    },
    at,
  );
}

const HOUR_MS = 3_600_000;

export function findSignalByKey(db: Db, authorId: string, key: string): Promise<SignalRow | undefined> {
  return findDeskSignal(db, authorId, key);
}

export function findSignalById(db: Db, id: string): Promise<SignalRow | undefined> {
  return findSignal(db, id);
}

export function appendNote(
  db: Db,
  note: { signalId: string; authorId: string; authorName: string; body: string; at: Date },
): Promise<SignalNoteRow> {
  return insertSignalNote(db, note);
}
