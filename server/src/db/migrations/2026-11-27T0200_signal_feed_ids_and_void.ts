import { type Kysely, sql } from 'kysely';

/**
 * A signal's `source` is its feed's exact id ('simulated', 'oanda:practice', 'ccxt:binance', 'http'),
 * not one of two words; rows written before keep theirs ('feed' for the HTTP contract), since the track
 * record's entries were hashed over them. A signal whose closing price never came is `void`: no outcome,
 * a reason, and it counts neither as a win nor as a loss.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table signals drop constraint if exists signals_source_check`.execute(db);
  await sql`alter table signals add constraint signals_source_check check (source ~ '^[a-z0-9]+(:[a-z0-9]+)?$')`.execute(
    db,
  );
  await sql`alter table signals drop constraint if exists signals_status_check`.execute(db);
  await sql`alter table signals add constraint signals_status_check
    check (status in ('active', 'expired', 'closed', 'hit_tp', 'hit_sl', 'void'))`.execute(db);
  await db.schema.alterTable('signals').addColumn('void_reason', 'text').execute();
  await sql`alter table signals drop constraint signals_outcome_matches_status`.execute(db);
  // Resolved means an outcome, and only then; a void signal has neither an outcome nor a running window.
  await sql`alter table signals add constraint signals_outcome_matches_status
    check ((status in ('active', 'void')) = (outcome is null) and (status = 'void') = (void_reason is not null))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table signals drop constraint signals_outcome_matches_status`.execute(db);
  await sql`delete from signals where status = 'void'`.execute(db);
  await db.schema.alterTable('signals').dropColumn('void_reason').execute();
  await sql`alter table signals add constraint signals_outcome_matches_status
    check ((status = 'active') = (outcome is null))`.execute(db);
  await sql`alter table signals drop constraint signals_status_check`.execute(db);
  await sql`alter table signals add constraint signals_status_check
    check (status in ('active', 'expired', 'closed', 'hit_tp', 'hit_sl'))`.execute(db);
  await sql`alter table signals drop constraint signals_source_check`.execute(db);
  await sql`alter table signals add constraint signals_source_check check (source in ('simulated', 'feed'))`.execute(
    db,
  );
}
