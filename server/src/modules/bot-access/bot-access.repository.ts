import type { BotAccessStatus, TBotAccessSubmitRequest } from '@signalroom/shared';
import type { BotAccessSubmissionsTable } from '@signalroom/shared/node';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';

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

/** One page of applications, newest first, and the total for the filter. */
export async function listSubmissions(
  db: Db,
  options: { offset: number; limit: number; status?: BotAccessStatus | undefined },
): Promise<{ rows: BotAccessRow[]; total: number }> {
  let query = db.selectFrom('bot_access_submissions');
  if (options.status) query = query.where('status', '=', options.status);
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

export async function findSubmission(db: Db, id: string): Promise<BotAccessRow | null> {
  return (await db.selectFrom('bot_access_submissions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
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
