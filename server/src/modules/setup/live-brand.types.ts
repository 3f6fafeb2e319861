import type { AppConfig } from '../../config.js';

/** The operator's name and contacts: what pages show and e-mails are signed with. */
export type BrandFields = Pick<
  AppConfig,
  | 'PRODUCT_NAME'
  | 'BROKER_REGISTRATION_URL'
  | 'promoCode'
  | 'SUPPORT_HANDLE'
  | 'supportChatUrl'
  | 'WHATSAPP_NUMBER'
  | 'SUPPORT_EMAIL'
  | 'supportHours'
  | 'contactsConfigured'
>;

/**
 * The business's name and contacts as saved now, for what is written without a page to read them (the
 * e-mails); see live-brand.ts. Its own file, so the server context can name it without importing the
 * services that fill it.
 */
export interface LiveBrand {
  current(): BrandFields;
  /** What this process just saved. */
  set(fields: BrandFields): void;
  close(): void;
}
