import { DEFAULT_DIAL_CODE } from '../constants.js';
import { Messages } from '../messages.js';
import { checkEmail, type FieldErrors } from './auth.rules.js';
import { isKnownDialCode, toE164 } from './phone.rules.js';
import { hiddenCharacterIssue } from './text.rules.js';

export const YES_NO = ['yes', 'no'] as const;
export const HAS_FUNDED_OPTIONS = [
  { value: 'yes', label: "Yes, I've funded it" },
  { value: 'ready', label: "Not yet, but I'm ready to fund it now" },
  { value: 'no', label: "No, I can't afford it right now" },
] as const;
export const CAN_AFFORD_VALUES = ['yes', 'maybe', 'no'] as const;
export const USAGE_METHOD_OPTIONS = [
  { value: 'manual', label: 'To receive signals and trade manually' },
  { value: 'auto', label: 'For auto-trading (hands-free)' },
  { value: 'both', label: 'Both' },
] as const;
export const READY_TO_START_OPTIONS = [
  { value: 'now', label: "I'm ready now" },
  { value: 'today', label: "I'll complete everything today" },
  { value: 'week', label: 'Later this week (I understand I may miss the offer)' },
  { value: 'unsure', label: "I'm not sure yet" },
] as const;

/** The bot-access application as the form holds it: all strings. */
export interface BotAccessForm {
  fullName: string;
  countryCode: string;
  phoneNumber: string;
  email: string;
  hasAccount: string;
  hasFunded: string;
  canAfford: string;
  hasLostMoney: string;
  lossAmount: string;
  usageMethod: string;
  wantsCall: string;
  callCountryCode: string;
  callNumber: string;
  readyToStart: string;
}

export const EMPTY_BOT_ACCESS_FORM: BotAccessForm = {
  fullName: '',
  countryCode: DEFAULT_DIAL_CODE,
  phoneNumber: '',
  email: '',
  hasAccount: '',
  hasFunded: '',
  canAfford: '',
  hasLostMoney: '',
  lossAmount: '',
  usageMethod: '',
  wantsCall: '',
  callCountryCode: DEFAULT_DIAL_CODE,
  callNumber: '',
  readyToStart: '',
};

const choiceFields = {
  hasAccount: YES_NO as readonly string[],
  hasFunded: HAS_FUNDED_OPTIONS.map((o) => o.value) as readonly string[],
  canAfford: CAN_AFFORD_VALUES as readonly string[],
  hasLostMoney: YES_NO as readonly string[],
  usageMethod: USAGE_METHOD_OPTIONS.map((o) => o.value) as readonly string[],
  wantsCall: YES_NO as readonly string[],
  readyToStart: READY_TO_START_OPTIONS.map((o) => o.value) as readonly string[],
} as const;

/** Field rules of the bot-access form, checked on submit and again on the server. */
export function validateBotAccessForm(form: BotAccessForm): FieldErrors<keyof BotAccessForm> {
  const m = Messages.botAccess;
  const errors: FieldErrors<keyof BotAccessForm> = {};
  if (!form.fullName.trim()) errors.fullName = m.fullNameRequired;
  else if (hiddenCharacterIssue(form.fullName)) errors.fullName = Messages.common.hiddenCharacters;
  if (!form.phoneNumber.trim()) errors.phoneNumber = m.phoneRequired;
  else if (hiddenCharacterIssue(form.phoneNumber, 'phone')) errors.phoneNumber = Messages.common.hiddenCharacters;
  else if (!toE164(form.phoneNumber, { dialCode: form.countryCode })) errors.phoneNumber = m.phoneInvalid;
  const emailError = checkEmail(form.email, { required: m.emailRequired, invalid: m.emailInvalid });
  if (emailError) errors.email = emailError;
  for (const [field, allowed] of Object.entries(choiceFields) as [keyof typeof choiceFields, readonly string[]][]) {
    if (!allowed.includes(form[field])) errors[field] = m.selectOption;
  }
  if (form.hasLostMoney === 'yes' && !form.lossAmount.trim()) errors.lossAmount = m.lossAmountRequired;
  else if (hiddenCharacterIssue(form.lossAmount)) errors.lossAmount = Messages.common.hiddenCharacters;
  if (form.wantsCall === 'yes' && !form.callNumber.trim()) errors.callNumber = m.callNumberRequired;
  else if (hiddenCharacterIssue(form.callNumber, 'phone')) errors.callNumber = Messages.common.hiddenCharacters;
  if (!isKnownDialCode(form.countryCode)) errors.countryCode = m.selectOption;
  if (form.wantsCall === 'yes' && !isKnownDialCode(form.callCountryCode)) errors.callCountryCode = m.selectOption;
  return errors;
}

/** Joins a dial code and a number with whitespace removed, as the form sends it. */
export function joinPhoneNumber(dialCode: string, number: string): string {
  return `${dialCode}${number}`.replace(/\s/g, '');
}

/** What the form posts to POST /api/bot-access/submit. */
export function toBotAccessSubmission(form: BotAccessForm): TBotAccessSubmitRequest {
  return {
    ...form,
    phoneNumber: joinPhoneNumber(form.countryCode, form.phoneNumber),
    callNumber: form.wantsCall === 'yes' ? joinPhoneNumber(form.callCountryCode, form.callNumber) : '',
    lossAmount: form.hasLostMoney === 'yes' ? form.lossAmount : '',
  };
}

/** What the form posts to POST /api/bot-access/submit (its schema, ZBotAccessSubmitRequest, is in bot-access.ts). */
export type TBotAccessSubmitRequest = BotAccessForm;
