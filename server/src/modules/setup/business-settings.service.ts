import {
  EMPTY_BUSINESS_SETTINGS,
  type TAdminBusinessSettings,
  type TBusinessSettings,
  type TPublicConfig,
} from '@signalroom/shared';
import { isPlaceholderContact } from '../../config.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { latestContent } from '../content/content.repository.js';
import { saveContent, storedValue } from '../content/content.service.js';

type ServiceContext = Pick<ServerContext, 'db' | 'logger' | 'now' | 'config'>;

/** The saved business settings, or null while none were ever saved (the environment's values stand). */
export async function savedBusinessSettings(ctx: Omit<ServiceContext, 'config'>, db: Db = ctx.db) {
  const [row] = await latestContent(db, ['business']);
  return { row, value: storedValue(ctx, row, 'business') };
}

/**
 * What the environment configured, as settings: the starting point of /setup and of the Settings screen
 * before the first save. A contact left at its shipped placeholder is not set.
 */
export function businessSettingsFromConfig(ctx: Pick<ServerContext, 'config'>): TBusinessSettings {
  const c = ctx.config;
  const real = (value: string, configured: boolean) => (configured ? value : '');
  return {
    ...EMPTY_BUSINESS_SETTINGS,
    productName: c.PRODUCT_NAME,
    brokerRegistrationUrl: real(c.BROKER_REGISTRATION_URL, c.contactsConfigured.brokerRegistration),
    promoCode: c.PROMO_CODE ?? '',
    supportHandle: real(c.SUPPORT_HANDLE, c.contactsConfigured.supportChat && !c.SUPPORT_CHAT_URL),
    whatsappNumber: real(c.WHATSAPP_NUMBER, c.contactsConfigured.whatsapp),
    supportEmail: real(c.SUPPORT_EMAIL, c.contactsConfigured.supportEmail),
    supportHours: c.supportHours,
    payoutPercent: c.PAYOUT_PERCENT,
    timeZone: c.TIME_ZONE,
  };
}

export async function adminBusinessSettings(ctx: ServiceContext, db: Db = ctx.db): Promise<TAdminBusinessSettings> {
  const { row, value } = await savedBusinessSettings(ctx, db);
  return {
    saved: value ?? businessSettingsFromConfig(ctx),
    version: row?.version ?? 0,
    savedAt: row ? new Date(row.saved_at).toISOString() : null,
    savedBy: row?.saved_by_email ?? null,
  };
}

/** Saves a new version of the settings, audited as "settings.update" with before and after. */
export function saveBusinessSettings(
  ctx: ServiceContext,
  value: TBusinessSettings,
  actor: AuditActor,
): Promise<TAdminBusinessSettings> {
  return saveContent(ctx, 'business', value, actor, (db) => adminBusinessSettings(ctx, db));
}

/**
 * The public settings with the saved business settings in force. Once saved, a contact is exactly what
 * the admin left (an emptied one is not set, and members no longer see it); the product name, payout
 * and time zone fall back to the environment's when left empty.
 */
export function withBusinessSettings(config: TPublicConfig, saved: TBusinessSettings | null): TPublicConfig {
  if (!saved) return config;
  const real = (value: string) => value !== '' && !isPlaceholderContact(value);
  const handle = saved.supportHandle;
  return {
    ...config,
    productName: saved.productName || config.productName,
    brokerRegistrationUrl: saved.brokerRegistrationUrl,
    promoCode: saved.promoCode,
    supportHandle: handle,
    supportChatUrl: handle ? `https://t.me/${handle.replace(/^@/, '')}` : '',
    whatsappNumber: saved.whatsappNumber,
    supportEmail: saved.supportEmail,
    supportHours: saved.supportHours,
    payoutPercent: saved.payoutPercent ?? config.payoutPercent,
    timeZone: saved.timeZone || config.timeZone,
    contactsConfigured: {
      ...config.contactsConfigured,
      brokerRegistration: real(saved.brokerRegistrationUrl),
      supportChat: real(handle),
      whatsapp: real(saved.whatsappNumber),
      supportEmail: real(saved.supportEmail),
    },
  };
}
