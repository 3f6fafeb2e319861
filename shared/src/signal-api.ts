import { z } from 'zod';

/** Query of GET /api/signals (spec section 7: ?limit=10&sortOrder=desc). */
export const ZSignalListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type TSignalListQuery = z.infer<typeof ZSignalListQuery>;

/** Body of POST /api/countdown/reset: optional duration; without it the configured window is used. */
export const ZCountdownResetRequest = z
  .object({
    durationMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 90)
      .optional(),
  })
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
