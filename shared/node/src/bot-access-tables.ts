import type { Generated } from 'kysely';
import type { Timestamp } from './database.js';

/** One bot-access application, as posted, with its review state. */
export interface BotAccessSubmissionsTable {
  id: Generated<string>;
  full_name: string;
  country_code: string;
  /** Dial code joined with the national number, whitespace removed, as the form sends it. */
  phone_number: string;
  email: string;
  has_account: string;
  has_funded: string;
  can_afford: string;
  has_lost_money: string;
  loss_amount: string;
  usage_method: string;
  wants_call: string;
  call_country_code: string;
  call_number: string;
  ready_to_start: string;
  status: Generated<'new' | 'contacted' | 'activated' | 'rejected'>;
  notes: string | null;
  /** The admin who last changed the status. */
  reviewed_by: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** Tables of the bot-access lead-capture flow. */
export interface BotAccessTables {
  bot_access_submissions: BotAccessSubmissionsTable;
}
