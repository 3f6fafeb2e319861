import { z } from 'zod';
import { OfferWindowMessages } from './offer-window.js';
import { zChoice, zQueryInteger } from './request-fields.js';

/** Query of GET /api/signals (the web app asks ?limit=10&sortOrder=desc). */
export const SignalQueryMessages = {
  limit: 'limit must be a whole number from 1 to 100.',
  sortOrder: 'sortOrder must be asc or desc.',
} as const;

export const ZSignalListQuery = z
  .object({
    limit: zQueryInteger(1, 100, SignalQueryMessages.limit).default(10),
    sortOrder: zChoice(['asc', 'desc'], SignalQueryMessages.sortOrder).default('desc'),
  })
  .strict();
export type TSignalListQuery = z.infer<typeof ZSignalListQuery>;

/**
 * Body of POST /api/countdown/reset: optional duration; without it the configured window is used.
 * The shape only: the range (1 minute to 30 days) is the offer-window rule (offer-window.ts), which the
 * server checks so that a bad value gets that rule's own message, the same one the admin form shows.
 */
export const ZCountdownResetRequest = z
  .object({ durationMinutes: z.number({ error: OfferWindowMessages.wholeMinutes }).optional() })
  .strict();
export type TCountdownResetRequest = z.infer<typeof ZCountdownResetRequest>;

/** GET /api/countdown/config (admin). */
export const ZCountdownConfig = z.object({
  deadline: z.string().nullable(),
  windowMinutes: z.number().int(),
  ended: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TCountdownConfig = z.infer<typeof ZCountdownConfig>;
