import { type TStoredBacktest, ZBacktestReport } from '@signalroom/shared';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

/** Whether the period already has its backtest (a worker then skips the work). */
export async function hasBacktestFor(db: Db, periodKey: string): Promise<boolean> {
  const row = await db.selectFrom('backtests').select('id').where('period_key', '=', periodKey).executeTakeFirst();
  return row !== undefined;
}

/** Stores a period's backtest; a second one for the same period (another worker's) is dropped. */
export async function saveBacktest(db: Db, b: { periodKey: string; ranAt: Date; report: unknown }): Promise<void> {
  await db
    .insertInto('backtests')
    .values({ period_key: b.periodKey, ran_at: b.ranAt, report: JSON.stringify(ZBacktestReport.parse(b.report)) })
    .onConflict((oc) => oc.column('period_key').doNothing())
    .execute();
}

/** The newest stored backtest, or null before the first. */
export async function latestBacktest(db: Db): Promise<TStoredBacktest | null> {
  const row = await db.selectFrom('backtests').selectAll().orderBy('ran_at', 'desc').limit(1).executeTakeFirst();
  if (!row) return null;
  const report = typeof row.report === 'string' ? JSON.parse(row.report) : row.report;
  return { id: row.id, ranAt: new Date(row.ran_at).toISOString(), report: ZBacktestReport.parse(report) };
}
