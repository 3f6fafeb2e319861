import { z } from 'zod';
import { isTimeZone } from './clock.js';
import { ZInstant } from './iso-date.js';
import { Messages } from './messages.js';
import { isPlaceholderContact } from './placeholder-contact.js';
import { zEmailText, zText } from './request-fields.js';
import { checkEmail, checkFullName, checkSignupPassword, type FieldErrors } from './validation/auth.rules.js';
import { SIGNUP_EMAIL_PATTERN } from './validation/patterns.js';

/**
 * The business's details an operator sets at first run (/setup) and later on the admin Settings screen:
 * stored in the database, each one standing in for its environment value once saved. An empty text (or
 * a null payout) means "not set": the environment's value, or nothing, stands.
 */
export const BusinessSettingsMessages = {
  productName: 'Enter the product name (at most 60 characters).',
  httpsUrl: 'Enter a full link starting with https://.',
  handle: 'Enter the handle as @name (letters, digits and underscores).',
  promoCode: 'Use letters, digits, dashes and underscores only (at most 40).',
  whatsapp: 'Enter the number in international form, e.g. +2348012345678.',
  email: 'Enter a valid e-mail address.',
  hoursChannel: 'Name the channel, e.g. E-mail.',
  hoursText: 'Write the hours, e.g. Mon-Fri 9:00-17:00.',
  tooManyHours: 'Keep at most 6 lines of hours.',
  hoursList: 'Give the support hours as a list of lines, each a channel and its hours (an empty list: none).',
  payout: 'Enter a payout from 1 to 100 (percent of the stake a win pays), or leave it empty.',
  timeZone: 'Choose a time zone such as Africa/Lagos or Europe/London.',
  placeholder:
    'This is an example, not a contact anyone can reach (example.com, .test, .local, a number of zeros): enter the business’s own, or leave it empty.',
  saved: 'Settings saved',
} as const;

const m = BusinessSettingsMessages;

/** Text that is either empty (not set) or passes `check`. */
function zOptionalText(max: number, message: string, check: (value: string) => boolean) {
  return zText({ max, required: message })
    .trim()
    .refine((value) => value === '' || check(value), message);
}

function isHttpsUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}

export const ZSupportHoursLine = z
  .object({
    channel: zText({ max: 40, required: m.hoursChannel }).refine((v) => v.trim() !== '', m.hoursChannel),
    hours: zText({ max: 80, required: m.hoursText }).refine((v) => v.trim() !== '', m.hoursText),
  })
  .strict();

export const ZBusinessSettings = z
  .object({
    productName: zOptionalText(60, m.productName, () => true),
    brokerRegistrationUrl: zOptionalText(500, m.httpsUrl, isHttpsUrl),
    promoCode: zOptionalText(40, m.promoCode, (v) => /^[\w-]+$/.test(v)),
    /** The support chat on Telegram, as @handle (the chat link is https://t.me/handle). */
    supportHandle: zOptionalText(64, m.handle, (v) => /^@\w{2,62}$/.test(v)),
    whatsappNumber: zOptionalText(20, m.whatsapp, (v) => /^\+[1-9]\d{6,14}$/.test(v)),
    supportEmail: zEmailText(m.email).refine((v) => v === '' || SIGNUP_EMAIL_PATTERN.test(v), m.email),
    supportHours: z.array(ZSupportHoursLine, { error: m.hoursList }).max(6, m.tooManyHours),
    payoutPercent: z.number({ error: m.payout }).min(1, m.payout).max(100, m.payout).nullable(),
    timeZone: zOptionalText(64, m.timeZone, isTimeZone),
  })
  .strict();
export type TBusinessSettings = z.infer<typeof ZBusinessSettings>;

/** The contacts a save checks are real (an example would be hidden from members while the form showed it). */
const CONTACT_FIELDS = ['brokerRegistrationUrl', 'supportHandle', 'whatsappNumber', 'supportEmail'] as const;

/**
 * The settings as an admin saves them: the stored shape, and no contact that is only an example. (Stored
 * settings are read with ZBusinessSettings, so a version saved before this rule still reads.)
 */
export const ZBusinessSettingsRequest = ZBusinessSettings.superRefine((value, ctx) => {
  for (const field of CONTACT_FIELDS) {
    if (value[field] !== '' && isPlaceholderContact(value[field])) {
      ctx.addIssue({ code: 'custom', path: [field], message: m.placeholder });
    }
  }
});

/** Nothing set: what a new install starts from. */
export const EMPTY_BUSINESS_SETTINGS: TBusinessSettings = {
  productName: '',
  brokerRegistrationUrl: '',
  promoCode: '',
  supportHandle: '',
  whatsappNumber: '',
  supportEmail: '',
  supportHours: [],
  payoutPercent: null,
  timeZone: '',
};

/** The settings as the admin screens read them: the saved values and, beside them, what is in force. */
export const ZAdminBusinessSettings = z.object({
  saved: ZBusinessSettings,
  version: z.number().int().nonnegative(),
  savedAt: ZInstant.nullable(),
  savedBy: z.string().nullable(),
});
export type TAdminBusinessSettings = z.infer<typeof ZAdminBusinessSettings>;

/** Words of the first-run setup (/setup). */
export const SetupMessages = {
  tokenRequired: 'Open the setup link the server printed in its log.',
  /** The token is wrong, or an admin exists (the link is then spent). */
  linkSpent: 'This setup link is not valid. If setup is finished, log in; otherwise open the link the server printed.',
  /** The token was printed, but longer ago than SETUP_LINK_TTL_HOURS. */
  linkExpired:
    'This setup link has expired. Restart the server: it prints a new link in its log while no admin exists.',
  adminCreated: 'Admin account created',
} as const;

/** POST /api/setup/admin: the first admin, with the token the server printed. */
export const ZFirstAdminRequest = z
  .object({
    token: zText({ max: 200, required: SetupMessages.tokenRequired }),
    fullName: zText({ max: 200 }),
    email: zText({ max: 320 }),
    password: zText({ max: 200 }),
  })
  .strict();
export type TFirstAdminRequest = z.infer<typeof ZFirstAdminRequest>;

/** POST /api/setup/status: whether this token can still create the first admin. */
export const ZSetupTokenRequest = z
  .object({ token: zText({ max: 200, required: SetupMessages.tokenRequired }) })
  .strict();
export const ZSetupStatus = z.object({
  tokenValid: z.boolean(),
  /** The token was printed but has expired (a restart prints a new one). */
  expired: z.boolean(),
  /** When a valid token expires. */
  expiresAt: ZInstant.nullable(),
});
export type TSetupStatus = z.infer<typeof ZSetupStatus>;

/** The first admin's fields, by sign-up's rules (the setup form and the server check the same). */
export function validateFirstAdmin(
  input: Pick<TFirstAdminRequest, 'fullName' | 'email' | 'password'>,
): FieldErrors<'fullName' | 'email' | 'password'> {
  const m = Messages.signup;
  const errors: FieldErrors<'fullName' | 'email' | 'password'> = {};
  const fullName = checkFullName(input.fullName);
  if (fullName) errors.fullName = fullName;
  const email = checkEmail(input.email, { required: m.emailRequired, invalid: m.emailInvalid }, SIGNUP_EMAIL_PATTERN);
  if (email) errors.email = email;
  const password = checkSignupPassword(input.password);
  if (password) errors.password = password;
  return errors;
}
