import { z } from 'zod';

/** Operator settings served to the web app by GET /api/config/public (DECISIONS.md, branding). */
export const ZPublicConfig = z.object({
  productName: z.string(),
  supportHandle: z.string(),
  supportChatUrl: z.string(),
  supportEmail: z.string(),
  whatsappNumber: z.string(),
  brokerRegistrationUrl: z.string(),
  promoCode: z.string(),
  bootcampUrl: z.string(),
  timeZone: z.string(),
  timeZoneLabel: z.string(),
  /** 'simulated' while the built-in simulated market feeds the engine: the web app says so. */
  marketSource: z.enum(['simulated', 'feed']),
  /** Silver's daily allowance in force (10 by default, 25 is the other reading). */
  silverDailyLimit: z.number().int().positive(),
  /** True only outside production, where the development outbox page exists. */
  devOutbox: z.boolean(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
