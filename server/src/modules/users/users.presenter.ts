import { normalizeAccessLevel, type TUser } from '@signalroom/shared';
import type { UserRow } from './users.repository.js';

/** Decides which user fields leave the server (never the password hash). */
export function presentUser(row: UserRow): TUser {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    telegram: row.telegram,
    admissionCode: row.admission_code,
    hasDeposited: row.has_deposited,
    accessPath: row.access_path,
    accessLevel: normalizeAccessLevel(row.access_level),
    dashboardUnlocked: row.dashboard_unlocked,
    tier: row.tier,
    codeActivated: row.code_activated,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    brokerAccountId: row.broker_account_id,
    depositAmount: Number(row.deposit_amount),
    createdAt: new Date(row.created_at).toISOString(),
    trialEndsAt: row.trial_ends_at ? new Date(row.trial_ends_at).toISOString() : null,
    tierExpiresAt: row.tier_expires_at ? new Date(row.tier_expires_at).toISOString() : null,
    timeZone: row.time_zone,
  };
}
