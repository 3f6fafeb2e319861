import { z } from 'zod';
import { ZUser } from './user.js';

/**
 * Request and answer shapes of the auth calls (spec section 7). Shapes only: strings where the spec
 * has strings, unknown fields refused. The field rules and their messages are in validation/.
 */
const text = (max = 320) => z.string().max(max);

export const ZRegisterRequest = z
  .object({
    fullName: text(200),
    email: text(),
    phone: text(40),
    country: text(80),
    telegram: text(100).optional().nullable(),
    password: text(200),
  })
  .strict();
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZConfirmCodeRequest = z.object({ email: text(), confirmationCode: text(40) }).strict();
export type TConfirmCodeRequest = z.infer<typeof ZConfirmCodeRequest>;

export const ZLoginRequest = z.object({ email: text(), password: text(200) }).strict();
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZEmailRequest = z.object({ email: text() }).strict();
export type TEmailRequest = z.infer<typeof ZEmailRequest>;

export const ZResetTokenRequest = z.object({ token: text(200) }).strict();
export const ZResetPasswordRequest = z.object({ token: text(200), newPassword: text(200) }).strict();
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZDashboardCodeRequest = z.object({ dashboardCode: text(64) }).strict();

/** PUT /api/users/profile: the account-setup wizard's save (spec section 7). */
export const ZProfileUpdateRequest = z
  .object({
    brokerAccountId: text(64).optional(),
    depositAmount: z.number().positive().max(100_000_000).optional(),
    accessPath: z.enum(['manual', 'auto']).optional(),
    fullName: text(200).optional(),
  })
  .strict();
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

/** data of confirm-code and login answers. */
export const ZSessionData = z.object({ token: z.string(), user: ZUser });
export type TSessionData = z.infer<typeof ZSessionData>;

/** PATCH /api/admin/users/:id/access. */
export const ZAccessUpdateRequest = z
  .object({
    tier: z.enum(['guest', 'silver', 'pro', 'gold']),
    dashboardUnlocked: z.boolean(),
    hasDeposited: z.boolean(),
  })
  .strict();
export type TAccessUpdateRequest = z.infer<typeof ZAccessUpdateRequest>;
