import type { TMemberExportQuery } from '@signalroom/shared';
import { toIso, toIsoOrNull } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { cursorAt, keysetRows, olderThan } from '../../db/keyset.js';
import { likePattern } from '../../db/like-pattern.js';
import type { CsvColumns } from '../../http/csv.js';
import { USER_COLUMNS, type UserRow } from '../users/users.repository.js';

/**
 * Every member the filters match, newest first, one keyset page at a time. The search text matches what
 * the Admin Users search matches: name, e-mail or access code.
 */
export function eachMember(db: Db, filters: TMemberExportQuery, pageSize = 1000): AsyncGenerator<UserRow> {
  return keysetRows((after, limit) => {
    let query = db.selectFrom('users').select(USER_COLUMNS).select(cursorAt);
    const text = filters.query?.trim();
    if (text) {
      const pattern = likePattern(text);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(email)`, 'like', pattern),
          eb(sql`lower(full_name)`, 'like', pattern),
          eb(sql`lower(admission_code)`, 'like', pattern),
        ]),
      );
    }
    if (filters.tier) query = query.where('tier', '=', filters.tier);
    if (filters.unlocked) query = query.where('dashboard_unlocked', '=', filters.unlocked === 'true');
    if (after) query = query.where(olderThan(after));
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }, pageSize);
}

/** Columns of the members CSV: who they are, their access, and their way in (never a secret). */
export const MEMBER_CSV_COLUMNS: CsvColumns<UserRow> = [
  ['id', (row) => row.id],
  ['registered_at', (row) => toIso(row.created_at)],
  ['full_name', (row) => row.full_name],
  ['email', (row) => row.email],
  ['phone', (row) => row.phone],
  ['country', (row) => row.country],
  ['telegram', (row) => row.telegram],
  ['role', (row) => row.role],
  ['tier', (row) => row.tier],
  ['access_level', (row) => row.access_level],
  ['dashboard_unlocked', (row) => row.dashboard_unlocked],
  ['has_deposited', (row) => row.has_deposited],
  ['access_path', (row) => row.access_path],
  ['admission_code', (row) => row.admission_code],
  ['email_confirmed_at', (row) => toIsoOrNull(row.email_verified_at) ?? ''],
  ['broker_account_id', (row) => row.broker_account_id],
  ['deposit_amount', (row) => row.deposit_amount],
];
