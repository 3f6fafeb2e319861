import { z } from 'zod';
import { DEFAULT_DIAL_CODE, type DialCode, LIMITS } from './constants.js';
import { ZInstant } from './iso-date.js';
import { Messages } from './messages.js';
import { zChoice, zEmailText, zQueryInteger, zText } from './request-fields.js';
import type { FieldErrors } from './validation/auth.rules.js';
import {
  type BotAccessForm,
  type TBotAccessSubmitRequest,
  validateBotAccessForm,
} from './validation/bot-access.rules.js';
import { toE164 } from './validation/phone.rules.js';

/**
 * Review states of a bot-access application (ours; the product does not name them): a new lead, support has
 * contacted them, their bot licence is activated, or the application was turned down.
 */
export const BOT_ACCESS_STATUSES = ['new', 'contacted', 'activated', 'rejected'] as const;
export type BotAccessStatus = (typeof BOT_ACCESS_STATUSES)[number];

/** A stored application as admins see it. */
export const ZBotAccessSubmission = z.object({
  id: z.string(),
  fullName: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  hasAccount: z.string(),
  hasFunded: z.string(),
  canAfford: z.string(),
  hasLostMoney: z.string(),
  lossAmount: z.string(),
  usageMethod: z.string(),
  wantsCall: z.string(),
  callCountryCode: z.string(),
  callNumber: z.string(),
  readyToStart: z.string(),
  status: z.enum(BOT_ACCESS_STATUSES),
  notes: z.string().nullable(),
  createdAt: ZInstant,
  updatedAt: ZInstant,
});
export type TBotAccessSubmission = z.infer<typeof ZBotAccessSubmission>;

/** Query of GET /api/bot-access/submissions (page 1 and limit 50 by default). */
export const BotAccessReviewMessages = {
  page: 'page must be a whole number from 1 to 100000.',
  limit: 'limit must be a whole number from 1 to 200.',
  status: `Choose a status: ${BOT_ACCESS_STATUSES.join(', ')}.`,
  date: 'Enter a date as YYYY-MM-DD.',
  dateOrder: 'The start date must not be after the end date.',
  statusUpdated: 'Submission status updated',
} as const;

const zDay = zText({ max: 10 }).refine(
  (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
  BotAccessReviewMessages.date,
);

/**
 * The filters of the application list and its CSV export: status, received from and to (whole days,
 * UTC, both included) and a search text matched against name, e-mail and phone.
 */
const botAccessFilters = {
  status: zChoice(BOT_ACCESS_STATUSES, BotAccessReviewMessages.status).optional(),
  from: zDay.optional(),
  to: zDay.optional(),
  q: zText({ max: 200 }).optional(),
};
const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;

export const ZBotAccessExportQuery = z
  .object(botAccessFilters)
  .strict()
  .refine(datesInOrder, { message: BotAccessReviewMessages.dateOrder, path: ['to'] });
export type TBotAccessFilters = z.infer<typeof ZBotAccessExportQuery>;

export const ZBotAccessListQuery = z
  .object({
    page: zQueryInteger(1, 100_000, BotAccessReviewMessages.page).default(1),
    limit: zQueryInteger(1, 200, BotAccessReviewMessages.limit).default(LIMITS.adminPageSize),
    ...botAccessFilters,
  })
  .strict()
  .refine(datesInOrder, { message: BotAccessReviewMessages.dateOrder, path: ['to'] });
export type TBotAccessListQuery = z.infer<typeof ZBotAccessListQuery>;

/** Body of PATCH /api/bot-access/submissions/:id/status. */
export const ZBotAccessStatusUpdate = z
  .object({
    status: zChoice(BOT_ACCESS_STATUSES, BotAccessReviewMessages.status),
    notes: zText({ max: 2000, kind: 'multi-line' }).optional().nullable(),
  })
  .strict();
export type TBotAccessStatusUpdate = z.infer<typeof ZBotAccessStatusUpdate>;

const botMessages = Messages.botAccess;
const choice = zText({ max: 20, required: botMessages.selectOption });
const dialCode = zText({ max: 8, required: botMessages.selectOption });
/**
 * POST /api/bot-access/submit, kept out of validation/ so the form's page does not load zod. A missing answer gets the message an empty one gets; the answers that
 * only follow a "yes" (loss amount, call number and its dial code) may be left out like empty ones.
 */
export const ZBotAccessSubmitRequest = z
  .object({
    fullName: zText({ max: 200, required: botMessages.fullNameRequired }),
    countryCode: dialCode,
    phoneNumber: zText({ max: 40, required: botMessages.phoneRequired, kind: 'phone' }),
    email: zEmailText(botMessages.emailRequired),
    hasAccount: choice,
    hasFunded: choice,
    canAfford: choice,
    hasLostMoney: choice,
    lossAmount: zText({ max: 500 }).default(''),
    usageMethod: choice,
    wantsCall: choice,
    callCountryCode: zText({ max: 8 }).default(DEFAULT_DIAL_CODE),
    callNumber: zText({ max: 40, kind: 'phone' }).default(''),
    readyToStart: choice,
  })
  .strict() satisfies z.ZodType<TBotAccessSubmitRequest>;

/** The national part of a joined number when it starts with its dial code; null otherwise. */
function splitDialCode(joined: string, dialCode: string): string | null {
  return dialCode && joined.startsWith(dialCode) ? joined.slice(dialCode.length) : null;
}

/**
 * Server-side check of a posted application. The form sends phoneNumber (and callNumber) joined with
 * their dial codes and whitespace removed (as the form sends them), so the national part is split off and
 * checked with the same rules the form uses. Answers the same messages, per field.
 */
export function validateBotAccessSubmission(body: TBotAccessSubmitRequest): FieldErrors<keyof BotAccessForm> {
  const nationalPhone = body.phoneNumber ? splitDialCode(body.phoneNumber, body.countryCode) : '';
  const nationalCall = body.callNumber ? splitDialCode(body.callNumber, body.callCountryCode) : '';
  const errors = validateBotAccessForm({
    ...body,
    phoneNumber: nationalPhone ?? body.phoneNumber,
    callNumber: nationalCall ?? body.callNumber,
  });
  if (nationalPhone === null && body.phoneNumber) errors.phoneNumber = Messages.botAccess.phoneInvalid;
  return errors;
}

/** The E.164 form of a posted application's phone number (null when it is not valid). */
export function botAccessPhoneE164(body: Pick<TBotAccessSubmitRequest, 'phoneNumber' | 'countryCode'>): string | null {
  const national = splitDialCode(body.phoneNumber, body.countryCode);
  return national === null ? null : toE164(national, { dialCode: body.countryCode });
}

/**
 * A dial-code option's text, '+234 NG Nigeria': the country code stands where an emoji flag would be
 * (those draw as empty boxes on Linux and Windows, and an <option> cannot hold an image). A name that is
 * itself a code ('UK', 'US/CA') is not doubled.
 */
export function dialCodeLabel(dial: DialCode): string {
  const nameIsCode = /^[A-Z/]+$/.test(dial.name);
  return nameIsCode ? `${dial.code} ${dial.name}` : `${dial.code} ${dial.iso} ${dial.name}`;
}
