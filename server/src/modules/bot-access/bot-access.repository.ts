import type { BotAccessStatus, TBotAccessFilters, TBotAccessSubmitRequest } from '@signalroom/shared';
import type { BotAccessSubmissionsTable } from '@signalroom/shared-node';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { cursorAt, keysetRows, olderThan } from '../../db/keyset.js';
import { likePattern } from '../../db/like-pattern.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BotAccessRow = Selectable<BotAccessSubmissionsTable>;

/** Stores one application; the numbers arrive joined with their dial codes. */
export async function insertSubmission(db: Db, body: TBotAccessSubmitRequest, now: Date): Promise<BotAccessRow> {
  return db
    .insertInto('bot_access_submissions')
    .values({
      full_name: body.fullName,
      country_code: body.countryCode,
      phone_number: body.phoneNumber,
      email: body.email,
      has_account: body.hasAccount,
      has_funded: body.hasFunded,
      can_afford: body.canAfford,
      has_lost_money: body.hasLostMoney,
      loss_amount: body.lossAmount,
      usage_method: body.usageMethod,
      wants_call: body.wantsCall,
      call_country_code: body.callCountryCode,
      call_number: body.callNumber,
      ready_to_start: body.readyToStart,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The application filters as a WHERE clause: status, received on or after `from`, up to `to` (whole UTC days). */
function filtered(db: Db, filters: TBotAccessFilters) {
  let query = db.selectFrom('bot_access_submissions');
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.from) query = query.where('created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) query = query.where('created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS));
  const text = filters.q?.trim();
  if (text) {
    const pattern = likePattern(text);
    // A phone search ignores the spaces and dashes people type between digits.
    const digits = text.replace(/[\s()-]/g, '');
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(full_name)`, 'like', pattern),
        eb(sql`lower(email)`, 'like', pattern),
        eb('phone_number', 'like', likePattern(digits || text)),
      ]),
    );
  }
  return query;
}

/** One page of applications, newest first, and the total for the filter. */
export async function listSubmissions(
  db: Db,
  options: TBotAccessFilters & { offset: number; limit: number },
): Promise<{ rows: BotAccessRow[]; total: number }> {
  const query = filtered(db, options);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every application the filters match, newest first, one keyset page at a time (for the CSV export). */
export function eachSubmission(db: Db, filters: TBotAccessFilters): AsyncGenerator<BotAccessRow> {
  return keysetRows((after, limit) => {
    let query = filtered(db, filters).selectAll().select(cursorAt);
    if (after) query = query.where(olderThan(after));
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  });
}

export async function findSubmission(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<BotAccessRow | null> {
  const query = db.selectFrom('bot_access_submissions').selectAll().where('id', '=', id);
  return (await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

/** Sets the review state in one statement; null when the application does not exist. */
export async function updateSubmissionStatus(
  db: Db,
  id: string,
  change: { status: BotAccessStatus; notes: string | null; reviewedBy: string; now: Date },
): Promise<BotAccessRow | null> {
  return (
    (await db
      .updateTable('bot_access_submissions')
      .set({ status: change.status, notes: change.notes, reviewed_by: change.reviewedBy, updated_at: change.now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}
