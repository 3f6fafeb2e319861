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

/** Columns of the applications CSV: every answer of the form, then the review state. */
export const APPLICATION_CSV_HEADER = [
  'id',
  'received_at',
  'full_name',
  'country_code',
  'phone_number',
  'email',
  'has_account',
  'has_funded',
  'can_afford',
  'has_lost_money',
  'loss_amount',
  'usage_method',
  'wants_call',
  'call_country_code',
  'call_number',
  'ready_to_start',
  'status',
  'notes',
  'updated_at',
] as const;

export function applicationCsvFields(row: BotAccessRow): string[] {
  return [
    row.id,
    iso(row.created_at),
    row.full_name,
    row.country_code,
    row.phone_number,
    row.email,
    row.has_account,
    row.has_funded,
    row.can_afford,
    row.has_lost_money,
    row.loss_amount,
    row.usage_method,
    row.wants_call,
    row.call_country_code,
    row.call_number,
    row.ready_to_start,
    row.status,
    row.notes ?? '',
    iso(row.updated_at),
  ];
}
