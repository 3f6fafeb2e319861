import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { type COUNTRIES, DIAL_CODES, LIMITS } from '../constants.js';
import { stripBidiMarks } from './text.rules.js';

/**
 * Phone numbers as people type them: international with a leading +, or national (a leading 0 trunk
 * prefix included) for the country or dial code chosen beside the field; spaces, dashes, dots and
 * brackets allowed. A number is accepted when it has 7 to 15 digits and libphonenumber (its `min`
 * metadata: length and leading digits per country) reads it as a valid number; it is stored in E.164.
 * libphonenumber is imported only by the sign-up and bot-access rules, so it loads with those forms.
 */

/** The region of each country the sign-up form offers; "Other" has none (type the number with +). */
export const COUNTRY_REGIONS: Record<(typeof COUNTRIES)[number], CountryCode | null> = {
  Nigeria: 'NG',
  'United States': 'US',
  'United Kingdom': 'GB',
  Canada: 'CA',
  Australia: 'AU',
  'South Africa': 'ZA',
  Ghana: 'GH',
  Kenya: 'KE',
  India: 'IN',
  Germany: 'DE',
  France: 'FR',
  Other: null,
};

/** What a typed number may hold: an optional leading +, then digits and separators. */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;

/** Where a national number belongs: a region (sign-up's country) or a dial code such as '+234'. */
export interface PhoneOrigin {
  region?: CountryCode | null;
  dialCode?: string | null;
}

/** The region of a sign-up country name, or null (unknown name or "Other"). */
export function regionOfCountry(country: string): CountryCode | null {
  return (COUNTRY_REGIONS as Record<string, CountryCode | null>)[country] ?? null;
}

/** Whether `dialCode` is one the forms offer (libphonenumber throws on a calling code it does not know). */
export function isKnownDialCode(dialCode: string): boolean {
  return DIAL_CODES.some((dial) => dial.code === dialCode);
}

/**
 * The E.164 form of a typed number, or null when it is not a valid number. A number typed with + must
 * belong to the chosen dial code when there is one (the bot-access form keeps the two apart); a dial
 * code the forms do not offer makes every number invalid.
 */
export function toE164(typed: string, origin: PhoneOrigin = {}): string | null {
  if (origin.dialCode && !isKnownDialCode(origin.dialCode)) return null;
  const text = stripBidiMarks(typed).trim();
  if (!TYPED_PHONE.test(text)) return null;
  const digits = text.replace(/\D/g, '').length;
  if (digits < LIMITS.botAccessPhoneMin || digits > LIMITS.botAccessPhoneMax) return null;
  const callingCode = origin.dialCode?.replace(/^\+/, '') || undefined;
  const parsed = parsePhoneNumberFromString(
    text,
    origin.region ? { defaultCountry: origin.region } : callingCode ? { defaultCallingCode: callingCode } : undefined,
  );
  if (!parsed?.isValid()) return null;
  if (callingCode && parsed.countryCallingCode !== callingCode) return null;
  return parsed.number;
}
