import { z } from 'zod';

/**
 * The operator's contacts shown to visitors and members. Each comes from configuration; one left at its
 * shipped placeholder (support@signalroom.local, +2340000000000, broker.example.com ...) is "not
 * configured", and pages never present it as a real contact (docs/decisions.md, "Placeholder contacts").
 */
export const OPERATOR_CONTACTS = ['supportChat', 'supportEmail', 'whatsapp', 'brokerRegistration', 'bootcamp'] as const;
export type OperatorContact = (typeof OPERATOR_CONTACTS)[number];

/**
 * How each contact is named on admin notices: as the Settings form (and, for the bootcamp, the Content
 * screen) names the field that sets it, so an admin finds it where the notice sends them.
 */
export const OPERATOR_CONTACT_LABELS: Record<OperatorContact, string> = {
  supportChat: 'Support on Telegram',
  supportEmail: 'Support e-mail',
  whatsapp: 'Support on WhatsApp',
  brokerRegistration: 'Partner broker registration link',
  bootcamp: 'Bootcamp website',
};

/** Operator settings served to the web app by GET /api/config/public (one build serves any operator). */
export const ZPublicConfig = z.object({
  productName: z.string(),
  supportHandle: z.string(),
  supportChatUrl: z.string(),
  supportEmail: z.string(),
  whatsappNumber: z.string(),
  brokerRegistrationUrl: z.string(),
  promoCode: z.string(),
  bootcampUrl: z.string(),
  /** Per contact: true when the operator configured it, false while it is the shipped placeholder. */
  contactsConfigured: z.object({
    supportChat: z.boolean(),
    supportEmail: z.boolean(),
    whatsapp: z.boolean(),
    brokerRegistration: z.boolean(),
    bootcamp: z.boolean(),
  }),
  timeZone: z.string(),
  /**
   * The feed's id: 'simulated' while the built-in simulated market feeds the engine (the web app says
   * so), else the real feed's ('oanda:practice', 'ccxt:binance', 'http').
   */
  marketSource: z.string(),
  /** How pages name the feed: "Prices: OANDA (practice)". */
  marketLabel: z.string(),
  /** The instruments the engine trades, as configured (the Platinum Stream lists them). */
  assets: z.array(z.string()),
  /** Length of a signal slot (5 minutes; tests shorten it): the next signal is at the next boundary. */
  signalIntervalMs: z.number().int().positive(),
  /** What a won fixed-expiry trade pays, percent of the stake (PAYOUT_PERCENT): break-even follows from it. */
  payoutPercent: z.number().positive(),
  /** Silver's daily allowance in force (10 by default, 25 is the other reading). */
  silverDailyLimit: z.number().int().positive(),
  /** True only outside production, where the development outbox page exists. */
  devOutbox: z.boolean(),
  /** Support hours the operator publishes (SUPPORT_HOURS); empty until set, and then none are shown. */
  supportHours: z.array(z.object({ channel: z.string(), hours: z.string() })),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

/** The contacts of a configuration that are still placeholders, in a stable order. */
export function unconfiguredContacts(config: Pick<TPublicConfig, 'contactsConfigured'>): OperatorContact[] {
  return OPERATOR_CONTACTS.filter((contact) => !config.contactsConfigured[contact]);
}
