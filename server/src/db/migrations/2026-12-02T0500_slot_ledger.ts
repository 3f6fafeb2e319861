import { type Kysely, sql } from 'kysely';

/**
 * The slot ledger: a slot without a signal says why in public (`public_reason`, the sentence the ledger
 * and the log carry; `detail` stays the operators') and names the log entry that states it
 * (`record_seq`; null for gaps recorded before slots entered the log).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signal_slot_gaps')
    .addColumn('record_seq', 'integer')
    .addColumn('public_reason', 'text')
    .execute();
  await sql`update signal_slot_gaps set public_reason = case reason
      when 'market_closed' then 'The market was closed'
      when 'no_data' then 'The market feed did not answer with a current price'
      when 'analyst_published' then 'An analyst’s signal published on the desk stood in for the model’s'
      else 'No signal was written while the slot could be issued' end`.execute(db);
  await sql`alter table signal_slot_gaps alter column public_reason set not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signal_slot_gaps').dropColumn('record_seq').dropColumn('public_reason').execute();
}
