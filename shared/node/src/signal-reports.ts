import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';
import { ALLOWANCE_PLACE, presentSignal } from './signal-repository.js';

/**
 * The signal repository's aggregate reads: what the admin screens, the analyst desk and the Gold Room
 * count from the signals table. They live beside the repository so every read of signals has one home;
 * queries owned by another record (the track record's chain, paper trades, delivery batches) join
 * signals inside their own repository instead, in one round trip.
 */
type Db = Kysely<Database>;

/**
 * Signals of one operator's day: the last sequence issued, how many have closed their primary window,
 * and how many a room with this daily allowance shows in full (the first `allowance` of each allowance
 * pool; every one for null).
 */
export async function countIssuedAndClosedOfDay(
  db: Db,
  dayKey: string,
  now: Date,
  allowance: number | null = null,
): Promise<{ issued: number; closed: number; inFull: number }> {
  const row = await db
    .selectFrom('signals')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.max('day_sequence'), sql<number>`0`).as('issued'),
      eb.fn.count<number>('id').filterWhere('expires_at', '<=', now).as('closed'),
      // Every signal when there is no allowance; a number past int4 would not compare with the column.
      allowance === null
        ? eb.fn.count<number>('id').as('in_full')
        : eb.fn.count<number>('id').filterWhere(ALLOWANCE_PLACE, '<=', allowance).as('in_full'),
    ])
    .where('day_key', '=', dayKey)
    .executeTakeFirstOrThrow();
  return { issued: Number(row.issued), closed: Number(row.closed), inFull: Number(row.in_full) };
}

/** How many signal rows one operator's day holds (engine and desk alike). */
export async function countSignalsOfDay(db: Db, dayKey: string): Promise<number> {
  const row = await db
    .selectFrom('signals')
    .where('day_key', '=', dayKey)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest name each of these analysts published under, by their user id. */
export async function analystNames(db: Db, authorIds: readonly string[]): Promise<Map<string, string>> {
  if (authorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('signals')
    .select(['author_id', 'author_name'])
    .where('author_id', 'in', authorIds)
    .orderBy('slot_start', 'desc')
    .execute();
  const names = new Map<string, string>();
  for (const row of rows)
    if (row.author_id && !names.has(row.author_id)) names.set(row.author_id, row.author_name ?? '');
  return names;
}

/** An analyst's newest signals, as members receive them. */
export async function listSignalsByAuthor(db: Db, authorId: string, limit: number) {
  const rows = await db
    .selectFrom('signals')
    .selectAll()
    .where('author_id', '=', authorId)
    .orderBy('slot_start', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentSignal);
}

/** What an analyst published, oldest first, for their data export. */
export function listSignalsAuthoredBy(db: Db, authorId: string) {
  return db
    .selectFrom('signals')
    .select(['id', 'asset', 'direction', 'confidence', 'entry_price', 'created_at', 'analysis', 'author_name'])
    .where('author_id', '=', authorId)
    .orderBy('created_at')
    .execute();
}

/**
 * Takes an erased analyst's name off their signals; the author id stays, as the track record names it.
 * The column's type forbids updates everywhere else, so this one sanctioned change is written in SQL.
 */
export async function renameAuthorOfSignals(db: Db, authorId: string, name: string): Promise<void> {
  await sql`update signals set author_name = ${name} where author_id = ${authorId}`.execute(db);
}
