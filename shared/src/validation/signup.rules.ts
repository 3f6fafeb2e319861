import { COUNTRIES } from '../constants.js';
import { Messages } from '../messages.js';
import { checkEmail, checkFullName, checkSignupPassword, type FieldErrors, type SignupFields } from './auth.rules.js';
import { SIGNUP_EMAIL_PATTERN } from './patterns.js';
import { regionOfCountry, toE164 } from './phone.rules.js';
import { hiddenCharacterIssue } from './text.rules.js';

/*
 * The sign-up form's rules, apart from the other auth rules: they read phone numbers with
 * libphonenumber-js, which only the sign-up and bot-access forms should load.
 */

/** The E.164 phone number of a sign-up, read with the chosen country; null when it is not valid. */
export function signupPhoneE164(input: Pick<SignupFields, 'phone' | 'country'>): string | null {
  return toE164(input.phone, { region: regionOfCountry(input.country) });
}

/** The sign-up form's rules, checked on submit in the browser and again on the server. */
export function validateSignup(input: SignupFields): FieldErrors<keyof SignupFields> {
  const m = Messages.signup;
  const errors: FieldErrors<keyof SignupFields> = {};
  const fullNameError = checkFullName(input.fullName);
  if (fullNameError) errors.fullName = fullNameError;

  const emailError = checkEmail(
    input.email,
    { required: m.emailRequired, invalid: m.emailInvalid },
    SIGNUP_EMAIL_PATTERN,
  );
  if (emailError) errors.email = emailError;

  // The server only accepts the countries the form offers; the browser's select cannot produce others.
  const countryChosen = (COUNTRIES as readonly string[]).includes(input.country);
  const phone = input.phone.trim();
  if (!phone) errors.phone = m.phoneRequired;
  else if (hiddenCharacterIssue(phone, 'phone')) errors.phone = Messages.common.hiddenCharacters;
  // A national number needs its country: while none is chosen, only the country's message shows.
  else if (!signupPhoneE164(input) && (countryChosen || phone.startsWith('+'))) errors.phone = m.phoneInvalid;
  if (!countryChosen) errors.country = m.countryRequired;

  const telegramError = input.telegram ? hiddenCharacterIssue(input.telegram) : undefined;
  if (telegramError) errors.telegram = telegramError;

  const passwordError = checkSignupPassword(input.password);
  if (passwordError) errors.password = passwordError;
  return errors;
}
