import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Inserts `count` members in one statement (for export tests and benches: no sessions, a dummy
 * password hash). E-mails are `<prefix>-<n>@bulk.example`; every third member is gold and unlocked,
 * and creation times step one second back per member so the order is known.
 */
export async function insertBulkMembers(db: Db, count: number, prefix: string): Promise<void> {
  await sql`
    insert into users (email, full_name, phone, country, password_hash, tier, dashboard_unlocked,
                       admission_code, email_verified_at, created_at, updated_at)
    select ${prefix} || '-' || n || '@bulk.example', 'Bulk Member ' || n, '+2348012345678', 'Nigeria', 'x',
           case when n % 3 = 0 then 'gold' else 'guest' end, n % 3 = 0,
           'BULK-' || ${prefix} || '-' || n, now(), now() - n * interval '1 second', now()
    from generate_series(1, ${count}::int) as n
  `.execute(db);
}
