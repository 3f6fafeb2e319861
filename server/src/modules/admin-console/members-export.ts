import type { TMemberExportQuery } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { cursorAt, keysetRows, olderThan } from '../../db/keyset.js';
import { USER_COLUMNS, type UserRow } from '../users/users.repository.js';

/** Escapes LIKE wildcards so a search for "a_b" means exactly that. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

const iso = (d: Date | string | null) => (d === null ? '' : (d instanceof Date ? d : new Date(d)).toISOString());

/** Columns of the members CSV: who they are, their access, and their way in (never a secret). */
export const MEMBER_CSV_HEADER = [
  'id',
  'registered_at',
  'full_name',
  'email',
  'phone',
  'country',
  'telegram',
  'role',
  'tier',
  'access_level',
  'dashboard_unlocked',
  'has_deposited',
  'access_path',
  'admission_code',
  'email_confirmed_at',
  'broker_account_id',
  'deposit_amount',
] as const;

export function memberCsvFields(row: UserRow): Array<string | number | boolean | null> {
  return [
    row.id,
    iso(row.created_at),
    row.full_name,
    row.email,
    row.phone,
    row.country,
    row.telegram,
    row.role,
    row.tier,
    row.access_level,
    row.dashboard_unlocked,
    row.has_deposited,
    row.access_path,
    row.admission_code,
    iso(row.email_verified_at),
    row.broker_account_id,
    row.deposit_amount,
  ];
}
