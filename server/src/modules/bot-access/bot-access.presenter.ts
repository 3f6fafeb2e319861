import type { TBotAccessSubmission } from '@signalroom/shared';
import { toIso } from '@signalroom/shared';
import type { CsvColumns } from '../../http/csv.js';
import type { BotAccessRow } from './bot-access.repository.js';

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
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Columns of the applications CSV: every answer of the form, then the review state. */
export const APPLICATION_CSV_COLUMNS: CsvColumns<BotAccessRow> = [
  ['id', (row) => row.id],
  ['received_at', (row) => toIso(row.created_at)],
  ['full_name', (row) => row.full_name],
  ['country_code', (row) => row.country_code],
  ['phone_number', (row) => row.phone_number],
  ['email', (row) => row.email],
  ['has_account', (row) => row.has_account],
  ['has_funded', (row) => row.has_funded],
  ['can_afford', (row) => row.can_afford],
  ['has_lost_money', (row) => row.has_lost_money],
  ['loss_amount', (row) => row.loss_amount],
  ['usage_method', (row) => row.usage_method],
  ['wants_call', (row) => row.wants_call],
  ['call_country_code', (row) => row.call_country_code],
  ['call_number', (row) => row.call_number],
  ['ready_to_start', (row) => row.ready_to_start],
  ['status', (row) => row.status],
  ['notes', (row) => row.notes ?? ''],
  ['updated_at', (row) => toIso(row.updated_at)],
];
