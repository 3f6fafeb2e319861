import type { TBotAccessSubmission } from '@signalroom/shared';
import type { BotAccessRow } from './bot-access.repository.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The fields of an application that admins see. */
export function presentSubmission(row: BotAccessRow): TBotAccessSubmission {
  return {
    id: row.id,
    fullName: row.full_name,
    countryCode: row.country_code,
    phoneNumber: row.phone_number,
    email: row.email,
    hasAccount: row.has_account,
    hasFunded: row.has_funded,
    canAfford: row.can_afford,
    hasLostMoney: row.has_lost_money,
    lossAmount: row.loss_amount,
    usageMethod: row.usage_method,
    wantsCall: row.wants_call,
    callCountryCode: row.call_country_code,
    callNumber: row.call_number,
    readyToStart: row.ready_to_start,
    status: row.status,
    notes: row.notes,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
