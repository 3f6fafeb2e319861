import {
  EMPTY_BUSINESS_SETTINGS,
  isPlaceholderContact,
  type TAdminBusinessSettings,
  type TBusinessSettings,
  type TPublicConfig,
} from '@signalroom/shared';
import type { AppConfig } from '../../config.js';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { latestContent } from '../content/content.repository.js';
import { saveContent, storedValue } from '../content/content.service.js';
import type { BrandFields } from './live-brand.types.js';

type ServiceContext = Pick<ServerContext, 'db' | 'logger' | 'now' | 'config'>;

/** The saved business settings, or null while none were ever saved (the environment's values stand). */
export async function savedBusinessSettings(
  ctx: { db: Db; logger: { error(details: object, message: string): void } },
  db: Db = ctx.db,
) {
  const [row] = await latestContent(db, ['business']);
  return { row, value: storedValue(ctx, row, 'business') };
}

/**
 * The configuration this process runs with: the saved settings replace the environment's at start.
 * The payout and business time zone are read in many places at once (stats, the track record, day
 * boundaries, e-mail times), so a change of them takes effect at the next start rather than halfway
 * through; pages take the saved contacts at once (withBusinessSettings), e-mails within seconds
 * (live-brand.ts).
 */
export async function configWithBusinessSettings<C extends AppConfig>(
  config: C,
  db: Db,
  logger: { error(details: object, message: string): void },
): Promise<C> {
  const { value } = await savedBusinessSettings({ db, logger });
  if (!value) return config;
  return {
    ...config,
    ...brandFieldsOf(config, value),
    PAYOUT_PERCENT: value.payoutPercent ?? config.PAYOUT_PERCENT,
    TIME_ZONE: value.timeZone || config.TIME_ZONE,
  };
}

/** The name and contacts in force: the saved ones over `config`'s (an emptied contact is not set). */
export function brandFieldsOf(config: AppConfig, saved: TBusinessSettings | null): BrandFields {
  if (!saved) return config;
  const { configured, ...contacts } = savedContacts(saved);
  return {
    PRODUCT_NAME: saved.productName || config.PRODUCT_NAME,
    BROKER_REGISTRATION_URL: contacts.brokerRegistrationUrl,
    promoCode: contacts.promoCode,
    SUPPORT_HANDLE: contacts.supportHandle,
    supportChatUrl: contacts.supportChatUrl,
    WHATSAPP_NUMBER: contacts.whatsappNumber,
    SUPPORT_EMAIL: contacts.supportEmail,
    supportHours: contacts.supportHours,
    contactsConfigured: { ...config.contactsConfigured, ...configured },
  };
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
  ctx: ServiceContext & Pick<ServerContext, 'brand'>,
  value: TBusinessSettings,
  actor: AuditActor,
): Promise<TAdminBusinessSettings> {
  return saveContent(ctx, 'business', value, actor, (db) => adminBusinessSettings(ctx, db)).then((saved) => {
    // E-mails of this process are signed with the new name and contacts at once; other processes read
    // them within a few seconds (live-brand.ts).
    ctx.brand.set(brandFieldsOf(ctx.config, saved.saved));
    return saved;
  });
}

/** The contacts and wording the saved settings put in force (an emptied contact is not set). */
function savedContacts(saved: TBusinessSettings) {
  const real = (value: string) => value !== '' && !isPlaceholderContact(value);
  const handle = saved.supportHandle;
  return {
    brokerRegistrationUrl: saved.brokerRegistrationUrl,
    promoCode: saved.promoCode,
    supportHandle: handle,
    supportChatUrl: handle ? `https://t.me/${handle.replace(/^@/, '')}` : '',
    whatsappNumber: saved.whatsappNumber,
    supportEmail: saved.supportEmail,
    supportHours: saved.supportHours,
    configured: {
      brokerRegistration: real(saved.brokerRegistrationUrl),
      supportChat: real(handle),
      whatsapp: real(saved.whatsappNumber),
      supportEmail: real(saved.supportEmail),
    },
  };
}

/**
 * The public settings with the saved business settings in force. Once saved, a contact is exactly what
 * the admin left (an emptied one is not set, and members no longer see it); an empty product name falls
 * back to the environment's. Payout and time zone are the ones this process started with
 * (configWithBusinessSettings), so pages and the server's own figures agree.
 */
export function withBusinessSettings(config: TPublicConfig, saved: TBusinessSettings | null): TPublicConfig {
  if (!saved) return config;
  const { configured, ...contacts } = savedContacts(saved);
  return {
    ...config,
    ...contacts,
    productName: saved.productName || config.productName,
    contactsConfigured: { ...config.contactsConfigured, ...configured },
  };
}
