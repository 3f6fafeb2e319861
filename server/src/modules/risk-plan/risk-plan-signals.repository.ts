import { ALLOWANCE_PLACE } from '@signalroom/shared-node';
import type { Db } from '../../db/database.js';

/**
 * Ids of the operator's day's signals a room with this daily allowance shows in full (the first
 * `allowance` of each allowance pool of the day, as `signalViewFor` decides; null: every one).
 */
export async function daySignalsShownInFull(db: Db, dayKey: string, allowance: number | null): Promise<Set<string>> {
  let query = db.selectFrom('signals').select('id').where('day_key', '=', dayKey);
  if (allowance !== null) query = query.where(ALLOWANCE_PLACE, '<=', allowance);
  const rows = await query.execute();
  return new Set(rows.map((r) => r.id));
}
