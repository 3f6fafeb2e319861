import { z } from 'zod';
import { ZInstant } from '../iso-date.js';
import { OfferWindowMessages } from '../offer-window.js';
import { PagingMessages, zBeforeCursor } from '../paging.js';
import { zChoice, zIsoTime, zQueryInteger } from '../request-fields.js';

/** Query of GET /api/signals (the web app asks ?limit=10&sortOrder=desc). */
export const SignalQueryMessages = {
  limit: 'limit must be a whole number from 1 to 100.',
  sortOrder: 'sortOrder must be asc or desc.',
  pagedOrder: 'before and since page newest first: leave sortOrder out or set it to desc.',
} as const;

/**
 * The page size (1 to 100, default 10) and order of the list; to page back through the whole history,
 * newest first: `before` (the previous page's `pagination.nextCursor`) and `since` (an ISO time of
 * issue, a lower bound).
 */
export const ZSignalListQuery = z
  .object({
    limit: zQueryInteger(1, 100, SignalQueryMessages.limit).default(10),
    sortOrder: zChoice(['asc', 'desc'], SignalQueryMessages.sortOrder).default('desc'),
    before: zBeforeCursor().optional(),
    since: zIsoTime(PagingMessages.since).optional(),
  })
  .strict()
  .refine((query) => query.sortOrder === 'desc' || (query.before === undefined && query.since === undefined), {
    message: SignalQueryMessages.pagedOrder,
    path: ['sortOrder'],
  });
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
  deadline: ZInstant.nullable(),
  windowMinutes: z.number().int(),
  ended: z.boolean(),
  updatedAt: ZInstant,
  updatedBy: z.string().nullable(),
});
export type TCountdownConfig = z.infer<typeof ZCountdownConfig>;
