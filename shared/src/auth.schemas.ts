import { z } from 'zod';
import { AccountSetupMessages } from './account-setup.js';
import { AuthMessages } from './auth.messages.js';
import { isTimeZone } from './clock.js';
import { ACCESS_PATHS, TIERS } from './constants.js';
import { Messages } from './messages.js';
import { zChoice, zEmailText, zFlag, zText } from './request-fields.js';
import { TIER_GRANT_REASON_MAX, TierGrantMessages } from './tier-grant.js';
import { ZUser } from './user.js';

/**
 * Request and answer shapes of the auth calls: strings where the product's calls send strings,
 * unknown fields refused, and each field's "required" message for a missing value (the same words its
 * rule in validation/ gives an empty one). The field rules themselves are in validation/.
 */
const m = Messages;

export const ZRegisterRequest = z
  .object({
    fullName: zText({ max: 200, required: m.signup.fullNameRequired }),
    email: zEmailText(m.signup.emailRequired),
    phone: zText({ max: 40, required: m.signup.phoneRequired, kind: 'phone' }),
    country: zText({ max: 80, required: m.signup.countryRequired }),
    telegram: zText({ max: 100 }).optional().nullable(),
    password: zText({ max: 200, required: m.signup.passwordRequired }),
  })
  .strict();
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZConfirmCodeRequest = z
  .object({
    email: zEmailText(m.signup.emailRequired),
    confirmationCode: zText({ max: 40, required: m.confirmation.codeRequired }),
  })
  .strict();
export type TConfirmCodeRequest = z.infer<typeof ZConfirmCodeRequest>;

export const ZLoginRequest = z
  .object({
    email: zEmailText(m.login.fillAllFields),
    password: zText({ max: 200, required: m.login.fillAllFields }),
    /** The device token an earlier login on this browser returned: its logins pass the account lock. */
    deviceToken: zText({ max: 200 }).optional(),
  })
  .strict();
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** POST /api/auth/forgot-password. */
export const ZForgotPasswordRequest = z.object({ email: zEmailText(m.forgotPassword.emailRequired) }).strict();
/** POST /api/auth/resend-welcome-email. */
export const ZResendRequest = z.object({ email: zEmailText(m.signup.emailRequired) }).strict();
export type TEmailRequest = z.infer<typeof ZResendRequest>;

export const ZResetTokenRequest = z
  .object({ token: zText({ max: 200, required: m.resetPassword.invalidOrMissingToken }) })
  .strict();
export const ZResetPasswordRequest = z
  .object({
    token: zText({ max: 200, required: m.resetPassword.tokenMissing }),
    newPassword: zText({ max: 200, required: m.resetPassword.fillAllFields }),
  })
  .strict();
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZDashboardCodeRequest = z
  .object({ dashboardCode: zText({ max: 64, required: AuthMessages.dashboardCodeRequired }) })
  .strict();

/** PUT /api/users/profile: the account-setup wizard's and the settings page's save; every field optional. */
export const ZProfileUpdateRequest = z
  .object({
    brokerAccountId: zText({ max: 64, required: AuthMessages.brokerAccountRequired }).optional(),
    depositAmount: z
      .number({ error: AccountSetupMessages.depositNotANumber })
      .positive(AccountSetupMessages.depositNotANumber)
      .max(100_000_000, AccountSetupMessages.depositTooLarge)
      .optional(),
    accessPath: zChoice(ACCESS_PATHS, AccountSetupMessages.accessPathInvalid).optional(),
    fullName: zText({ max: 200, required: m.signup.fullNameRequired }).optional(),
    phone: zText({ max: 40, required: m.signup.phoneRequired, kind: 'phone' }).optional(),
    country: zText({ max: 80, required: m.signup.countryRequired }).optional(),
    telegram: zText({ max: 100 }).optional().nullable(),
    /** The member's IANA time zone, in which every time is shown to them; null returns to the default. */
    timeZone: zText({ max: 64 })
      .refine((zone) => isTimeZone(zone), AuthMessages.timeZoneInvalid)
      .optional()
      .nullable(),
  })
  .strict();
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

/** data of confirm-code and login answers. */
export const ZSessionData = z.object({
  token: z.string(),
  user: ZUser,
  /** This browser's device token (kept across logouts): sent with its next logins, they pass the account lock. */
  deviceToken: z.string(),
});
export type TSessionData = z.infer<typeof ZSessionData>;

/** PATCH /api/admin/users/:id/access. */
export const ZAccessUpdateRequest = z
  .object({
    tier: zChoice(TIERS, AuthMessages.tierInvalid),
    dashboardUnlocked: zFlag(AuthMessages.flagInvalid('dashboardUnlocked')),
    hasDeposited: zFlag(AuthMessages.flagInvalid('hasDeposited')),
    /** Optional end of a paid tier: then the member returns to the access they had before. */
    expiresAt: zText({ max: 40 })
      .refine((value) => !Number.isNaN(Date.parse(value)), TierGrantMessages.expiryInvalid)
      .optional(),
    /** Why the admin made the change (kept in the tier history and the audit log). */
    reason: zText({ max: TIER_GRANT_REASON_MAX, kind: 'multi-line' }).optional(),
  })
  .strict();
export type TAccessUpdateRequest = z.infer<typeof ZAccessUpdateRequest>;
