import type { ColumnType, Generated } from 'kysely';

/**
 * Table types of the database, one interface per area, combined into `Database`.
 * Migrations live in server/src/db/migrations and must match these.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** numeric columns come back from pg as strings; write numbers. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  full_name: string;
  phone: string;
  country: string;
  telegram: string | null;
  password_hash: string;
  role: Generated<'member' | 'analyst' | 'admin'>;
  tier: Generated<'guest' | 'silver' | 'pro' | 'gold'>;
  access_level: Generated<'free' | 'basic' | 'deposited' | 'premium'>;
  dashboard_unlocked: Generated<boolean>;
  has_deposited: Generated<boolean>;
  access_path: 'manual' | 'auto' | null;
  admission_code: string;
  code_activated: Generated<boolean>;
  email_verified_at: Timestamp | null;
  trial_ends_at: Timestamp | null;
  /** End of a running timed tier grant (tier_grants), for the header; null without one. */
  tier_expires_at: Timestamp | null;
  broker_account_id: string | null;
  deposit_amount: ColumnType<string, number | string | undefined, number | string>;
  /** The member's IANA time zone for every time shown to them; null: the browser's, or the business's. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Last use, refreshed at most every few minutes; idle sessions end (SESSION_IDLE_DAYS). */
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The client that opened the session (browser's user agent, address), shown in the sessions list. */
  user_agent: string | null;
  ip: string | null;
}

export interface EmailCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'email_confirmation' | 'email_change';
  code_hash: string;
  /** The address an e-mail change code confirms (purpose email_change only). */
  new_email: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface ResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface DashboardCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  /** The tier the code grants; null only unlocks. */
  tier: 'guest' | 'silver' | 'pro' | 'gold' | null;
  created_by: string | null;
  created_at: Generated<Date>;
  consumed_at: Timestamp | null;
  /** When the code stops working; null for codes issued before codes expired (they never do). */
  expires_at: Timestamp | null;
}

export interface MailCooldownsTable {
  /** Lower-cased address. */
  email: string;
  purpose: string;
  next_allowed_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  kind: string;
  text_body: string;
  html_body: string;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  error: string | null;
}

/** A member's notification choices; no row means the defaults. */
export interface NotificationSettingsTable {
  user_id: string;
  signals: boolean;
  trades: boolean;
  marketing: boolean;
  security: boolean;
  updated_at: Generated<Date>;
}

/** A browser a member logged in from: its device token (hashed) exempts its logins from the account lock. */
export interface LoginDevicesTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  last_used_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A member's API key: only the SHA-256 of its secret, and its first characters for display. */
export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why it was revoked: by its member, or with the account's recovery. */
  revoked_reason: 'member' | 'password-reset' | 'password-change' | 'sessions-ended' | 'admin-sessions-ended' | null;
  /** When it stops working; null: until revoked. */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A pass to the queue board (its SHA-256), issued to an admin's session and ending with it. */
export interface QueueBoardPassesTable {
  token_hash: string;
  session_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  reset_tokens: ResetTokensTable;
  dashboard_codes: DashboardCodesTable;
  mail_cooldowns: MailCooldownsTable;
  mail_outbox: MailOutboxTable;
  notification_settings: NotificationSettingsTable;
  login_devices: LoginDevicesTable;
  api_keys: ApiKeysTable;
  queue_board_passes: QueueBoardPassesTable;
}

export type { CreatedAt, Numeric, Timestamp };
