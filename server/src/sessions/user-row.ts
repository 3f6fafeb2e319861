import { normalizeAccessLevel, type TUser } from '@signalroom/shared';
import type { UsersTable } from '@signalroom/shared-node';
import type { Selectable } from 'kysely';

/** A user row as every request, socket and admin screen reads it: every column but the password hash. */
export type UserRow = Omit<Selectable<UsersTable>, 'password_hash'>;
/** The row the login and password paths read: the only ones that see the hash. */
export type UserRowWithPassword = Selectable<UsersTable>;

/**
 * The columns of UserRow, named: queries select these, never `*`, so a hash cannot reach a request by
 * a forgotten `selectAll`. The type check below fails when a column is added to the table and not here.
 */
export const USER_COLUMNS = [
  'id',
  'email',
  'full_name',
  'phone',
  'country',
  'telegram',
  'role',
  'tier',
  'access_level',
  'dashboard_unlocked',
  'has_deposited',
  'access_path',
  'admission_code',
  'code_activated',
  'email_verified_at',
  'trial_ends_at',
  'tier_expires_at',
  'broker_account_id',
  'deposit_amount',
  'time_zone',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof UserRow)[];
type Unlisted = Exclude<keyof UserRow, (typeof USER_COLUMNS)[number]>;
const everyColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyColumnListed;

/** USER_COLUMNS qualified by the table, for queries that join users to another table. */
export const USER_COLUMNS_OF_USERS = USER_COLUMNS.map((column) => `users.${column}` as const);

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
