import { sql } from 'kysely';
import type { Db } from './database.js';

/** The cheapest round trip to the database (health's probe): resolves when it answered, throws when not. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
