import { appendUnrecordedSignals, type Database } from '@signalroom/shared-node';
import { type Kysely, sql } from 'kysely';

/**
 * The rewrite an operator who owns the database can do, as an outside audit found it: with the
 * triggers disabled, delete the record's last entries, change a signal whose outcome was among them
 * (won becomes lost), and optionally cover the tracks: delete the checkpoints and tree nodes past the
 * cut and re-append what is missing with the app's own code, which signs fresh checkpoints. What is
 * left looks whole from inside; only what outsiders kept can tell.
 */
export async function rewriteHistory(
  db: Kysely<Database>,
  options: { keep: number; signalId: string; coverTracks: boolean },
): Promise<void> {
  const tables = ['track_record_chain', 'track_record_tree', 'track_record_checkpoints', 'signals'];
  for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger all`.execute(db);
  try {
    await sql`delete from track_record_chain where seq > ${options.keep}`.execute(db);
    await sql`
      update signals set outcome = 'loss', status = 'expired', resolved_level = null, active_level = 3
      where id = ${options.signalId}`.execute(db);
    if (options.coverTracks) {
      await sql`delete from track_record_checkpoints where size > ${options.keep}`.execute(db);
      await sql`delete from track_record_tree where (idx + 1) * (1 << level) > ${options.keep}`.execute(db);
    }
  } finally {
    for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger all`.execute(db);
  }
  if (options.coverTracks) await appendUnrecordedSignals(db, new Date());
}
