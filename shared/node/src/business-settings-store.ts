import { OPERATOR_CONTENT_SCHEMAS } from '@signalroom/shared';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** What a process that never serves pages (the worker, the slot CLI) takes from the saved settings. */
export interface SavedRunSettings {
  payoutPercent: number | null;
  timeZone: string | null;
}

/**
 * The payout and business time zone an admin saved (first-run setup or the admin Settings screen), read
 * at a process's start as the server reads them, so a separate worker states the same break-even and
 * cuts days at the same midnight as the server. Null where nothing was saved (the environment stands).
 */
export async function readSavedRunSettings(
  db: Kysely<Database>,
  logger: { error(details: object, message: string): void },
): Promise<SavedRunSettings> {
  const row = await db
    .selectFrom('operator_content')
    .select(['body', 'version'])
    .where('kind', '=', 'business')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { payoutPercent: null, timeZone: null };
  const body = typeof row.body === 'string' ? JSON.parse(row.body) : row.body;
  const parsed = OPERATOR_CONTENT_SCHEMAS.business.safeParse(body);
  if (!parsed.success) {
    logger.error({ kind: 'business', version: row.version }, 'stored operator content no longer passes its schema');
    return { payoutPercent: null, timeZone: null };
  }
  return { payoutPercent: parsed.data.payoutPercent, timeZone: parsed.data.timeZone || null };
}
