import { SettingsMessages } from '@signalroom/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { communitySection, launchNoticesSection } from '../community/community.member-data.js';
import { eraseDeliveryData, exportDeliveryData } from '../delivery/delivery.member-data.js';
import { vaultSection } from '../mentorship/mentorship.member-data.js';
import { anonymiseSupportData, exportSupportData } from '../support/support.member-data.js';
import { presentUser } from './users.presenter.js';
import type { UserRow } from './users.repository.js';

/** What erasing a section leaves to do after the transaction commits: stored files to delete. */
export interface ErasureResult {
  fileKeys?: string[];
}

/**
 * One part of what the product stores about a member, and how it leaves: the export ("Download Elite
 * Data") and the erasure (membership cancelled). `tables` names every table the section covers; a test
 * compares them with the database catalog, so a new member-owned table without a section fails it.
 */
export interface MemberDataSection {
  /** Key of the section in the export file. */
  name: string;
  tables: readonly string[];
  export(db: Db, user: UserRow): Promise<unknown>;
  /** Runs inside the deletion's transaction; sections run in registry order, the account last. */
  erase(trx: Db, user: UserRow): Promise<ErasureResult | undefined>;
}

const lowerEmail = (user: UserRow) => sql<string>`lower(${user.email})`;

const sessions: MemberDataSection = {
  name: 'sessions',
  tables: ['sessions'],
  // Token hashes stay out: they are credentials, not facts about the member.
  export: (db, user) =>
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent', 'ip'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute(),
  async erase(trx, user) {
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

/** Browsers the member logged in from (their device tokens pass the account lock); never the hashes. */
const knownDevices: MemberDataSection = {
  name: 'knownDevices',
  tables: ['login_devices'],
  export: (db, user) =>
    db
      .selectFrom('login_devices')
      .select(['created_at', 'last_used_at'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute(),
  async erase(trx, user) {
    await trx.deleteFrom('login_devices').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

const notificationSettings: MemberDataSection = {
  name: 'notificationSettings',
  tables: ['notification_settings'],
  export: async (db, user) =>
    (await db
      .selectFrom('notification_settings')
      .select(['signals', 'trades', 'marketing', 'security', 'updated_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirst()) ?? null,
  async erase(trx, user) {
    await trx.deleteFrom('notification_settings').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

/** Codes and tokens mailed to the member: when, what for, whether used; never the hashes. */
const mailedCodes: MemberDataSection = {
  name: 'codesAndTokens',
  tables: ['email_codes', 'reset_tokens', 'dashboard_codes'],
  async export(db, user) {
    const [emailCodes, resetTokens, dashboardCodes] = await Promise.all([
      db
        .selectFrom('email_codes')
        .select(['purpose', 'new_email', 'attempts', 'created_at', 'expires_at', 'consumed_at'])
        .where('user_id', '=', user.id)
        .execute(),
      db
        .selectFrom('reset_tokens')
        .select(['created_at', 'expires_at', 'consumed_at'])
        .where('user_id', '=', user.id)
        .execute(),
      db
        .selectFrom('dashboard_codes')
        .select(['tier', 'created_at', 'consumed_at'])
        .where('user_id', '=', user.id)
        .execute(),
    ]);
    return { emailCodes, resetTokens, dashboardCodes };
  },
  async erase(trx, user) {
    for (const table of ['email_codes', 'reset_tokens', 'dashboard_codes'] as const) {
      await trx.deleteFrom(table).where('user_id', '=', user.id).execute();
    }
    return undefined;
  },
};

const activationProofs: MemberDataSection = {
  name: 'activationProofs',
  tables: ['activation_proofs'],
  // The metadata of each proof; the files themselves stay in the store (download them from the page).
  export: (db, user) =>
    db
      .selectFrom('activation_proofs')
      .select([
        'id',
        'status',
        'broker_account',
        'deposit_amount',
        'access_path',
        'file_name',
        'file_type',
        'file_size',
        'submitted_at',
        'reviewed_at',
        'tier',
        'reason',
      ])
      .where('user_id', '=', user.id)
      .orderBy('submitted_at')
      .execute(),
  async erase(trx, user) {
    const rows = await trx
      .deleteFrom('activation_proofs')
      .where('user_id', '=', user.id)
      .returning('file_key')
      .execute();
    return { fileKeys: rows.map((row) => row.file_key) };
  },
};

/**
 * Bot-access applications sent with the member's address. They are leads the admins review, counted in
 * their funnel, so they are kept anonymised: the answers stay, who sent them goes.
 */
const botAccessApplications: MemberDataSection = {
  name: 'botAccessApplications',
  tables: ['bot_access_submissions'],
  export: (db, user) =>
    db
      .selectFrom('bot_access_submissions')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', lowerEmail(user))
      .orderBy('created_at')
      .execute(),
  async erase(trx, user) {
    await trx
      .updateTable('bot_access_submissions')
      .set({
        full_name: SettingsMessages.formerMember,
        email: '',
        phone_number: '',
        call_number: '',
        loss_amount: '',
        notes: null,
      })
      .where(sql<string>`lower(email)`, '=', lowerEmail(user))
      .execute();
    return undefined;
  },
};

/** Mail the product sent to the member's address: subject, kind and dates (bodies carry codes). */
const mail: MemberDataSection = {
  name: 'mail',
  tables: ['mail_outbox', 'mail_cooldowns'],
  export: (db, user) =>
    db
      .selectFrom('mail_outbox')
      .select(['subject', 'kind', 'created_at', 'sent_at'])
      .where(sql<string>`lower(to_address)`, '=', lowerEmail(user))
      .orderBy('created_at')
      .execute(),
  async erase(trx, user) {
    await trx.deleteFrom('mail_outbox').where(sql<string>`lower(to_address)`, '=', lowerEmail(user)).execute();
    await trx.deleteFrom('mail_cooldowns').where(sql<string>`lower(email)`, '=', lowerEmail(user)).execute();
    return undefined;
  },
};

/** Support tickets: exported with their threads; on deletion kept for support, authored by 'Former member'. */
const supportTickets: MemberDataSection = {
  name: 'supportTickets',
  tables: ['support_tickets', 'support_messages'],
  export: async (db, user) => (await exportSupportData(db, user.id)).tickets,
  async erase(trx, user) {
    await anonymiseSupportData(trx, user.id);
    return undefined;
  },
};

/** The paper-trading bot: its settings and every trade it made. Nobody else needs them once the member goes. */
const paperTradingBot: MemberDataSection = {
  name: 'paperTradingBot',
  tables: ['bot_settings', 'paper_trades'],
  async export(db, user) {
    const [settings, trades] = await Promise.all([
      db
        .selectFrom('bot_settings')
        .select(['risk_level', 'max_trades_per_day', 'trade_size', 'active', 'updated_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
      db
        .selectFrom('paper_trades')
        .select(['signal_id', 'asset', 'direction', 'stake', 'max_level', 'confidence', 'opened_at'])
        .select(['status', 'closed_at', 'level', 'pnl', 'result'])
        .where('user_id', '=', user.id)
        .orderBy('opened_at')
        .execute(),
    ]);
    return { settings: settings ?? null, trades };
  },
  async erase(trx, user) {
    await trx.deleteFrom('paper_trades').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('bot_settings').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

/**
 * The member's tier history: every access change an admin made and when a timed tier ended. Who made
 * each change is the admin's business record, not the member's data, so the export leaves it out.
 */
const tierHistory: MemberDataSection = {
  name: 'tierHistory',
  tables: ['tier_grants'],
  export: (db, user) =>
    db
      .selectFrom('tier_grants')
      .select(['tier', 'previous_tier', 'expires_at', 'reason', 'granted_at', 'ended_at', 'end_reason'])
      .where('user_id', '=', user.id)
      .orderBy('granted_at')
      .execute(),
  async erase(trx, user) {
    await trx.deleteFrom('tier_grants').where('user_id', '=', user.id).execute();
    return undefined;
  },
};

/**
 * Signals delivered outside the page: the member's push devices (browsers), Telegram link and code, and
 * the delivery log of each signal sent to them.
 */
const signalDelivery: MemberDataSection = {
  name: 'signalDelivery',
  tables: ['push_subscriptions', 'telegram_links', 'telegram_link_codes', 'signal_deliveries'],
  export: (db, user) => exportDeliveryData(db, user.id),
  async erase(trx, user) {
    await eraseDeliveryData(trx, user.id);
    return undefined;
  },
};

/**
 * The account itself, last: deleting the row sets the member's name out of records others keep (codes
 * an admin issued, reviews, the offer countdown's editor: their foreign keys become null, shown as a
 * former member).
 */
const account: MemberDataSection = {
  name: 'profile',
  tables: ['users'],
  export: async (_db, user) => presentUser(user),
  async erase(trx, user) {
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    return undefined;
  },
};

/** Every section of member data, in erasure order (the account last). */
export const MEMBER_DATA_SECTIONS: MemberDataSection[] = [
  sessions,
  knownDevices,
  notificationSettings,
  mailedCodes,
  activationProofs,
  botAccessApplications,
  mail,
  supportTickets,
  tierHistory,
  vaultSection,
  communitySection,
  launchNoticesSection,
  paperTradingBot,
  signalDelivery,
  account,
];

/**
 * Tables holding no member's data, though a catalog scan could suggest otherwise, with the reason. The
 * member-data test reads every table with a user_id column and requires a section or an entry here.
 */
export const NOT_MEMBER_DATA: Record<string, string> = {};
