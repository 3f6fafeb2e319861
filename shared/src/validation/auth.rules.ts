import { COUNTRIES, LIMITS } from '../constants.js';
import { Messages } from '../messages.js';
import {
  PASSWORD_STRENGTH_PATTERN,
  SIGNUP_EMAIL_PATTERN,
  SIGNUP_PHONE_PATTERN,
  STRICT_EMAIL_PATTERN,
} from './patterns.js';

/** Field name to the spec's message for its first failing rule. Empty when valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface SignupFields {
  fullName: string;
  email: string;
  phone: string;
  country: string;
  telegram?: string;
  password: string;
}

/** Sign-up rules of spec section 5, checked on submit in the browser and again on the server. */
export function validateSignup(input: SignupFields): FieldErrors<keyof SignupFields> {
  const m = Messages.signup;
  const errors: FieldErrors<keyof SignupFields> = {};
  const fullName = input.fullName.trim();
  if (!fullName) errors.fullName = m.fullNameRequired;
  else if (fullName.length < LIMITS.fullNameMin) errors.fullName = m.fullNameTooShort;

  const email = input.email.trim();
  if (!email) errors.email = m.emailRequired;
  else if (!SIGNUP_EMAIL_PATTERN.test(email)) errors.email = m.emailInvalid;

  const phone = input.phone.trim();
  if (!phone) errors.phone = m.phoneRequired;
  else if (!SIGNUP_PHONE_PATTERN.test(phone)) errors.phone = m.phoneInvalid;

  // The server only accepts the countries the form offers; the browser's select cannot produce others.
  if (!input.country.trim() || !(COUNTRIES as readonly string[]).includes(input.country)) {
    errors.country = m.countryRequired;
  }

  const passwordError = checkSignupPassword(input.password);
  if (passwordError) errors.password = passwordError;
  return errors;
}

/** Password rules of sign-up (also used for password changes in settings). */
export function checkSignupPassword(password: string): string | undefined {
  const m = Messages.signup;
  if (!password) return m.passwordRequired;
  if (password.length < LIMITS.passwordMin) return m.passwordTooShort;
  if (!PASSWORD_STRENGTH_PATTERN.test(password)) return m.passwordWeak;
  return undefined;
}

/** Strength bars of the sign-up form: length 8, an uppercase letter, a digit. */
export function passwordStrengthChecks(password: string) {
  return {
    length: password.length >= LIMITS.passwordMin,
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
  };
}

/** Progress of the sign-up form: filled fields out of the 6 it shows (telegram included). */
export function signupProgress(input: SignupFields): { filled: number; total: 6 } {
  const values = [input.fullName, input.email, input.phone, input.country, input.telegram ?? '', input.password];
  return { filled: values.filter((v) => v.trim() !== '').length, total: 6 };
}

/** Submit stays disabled until every required field is filled (telegram is optional, spec section 5). */
export function isSignupSubmittable(input: SignupFields): boolean {
  return [input.fullName, input.email, input.phone, input.country, input.password].every((v) => v.trim() !== '');
}

/** Confirmation code as typed: upper-cased and cut to 10 characters. */
export function normalizeConfirmationCode(raw: string): string {
  return raw.toUpperCase().replace(/\s/g, '').slice(0, LIMITS.confirmationCodeLength);
}

export function validateConfirmationCode(code: string): string | undefined {
  return code.trim() ? undefined : Messages.confirmation.codeRequired;
}

export function validateLogin(input: { email: string; password: string }): string | undefined {
  return input.email.trim() && input.password ? undefined : Messages.login.fillAllFields;
}

export function validateForgotPasswordEmail(email: string): string | undefined {
  const m = Messages.forgotPassword;
  if (!email.trim()) return m.emailRequired;
  if (!STRICT_EMAIL_PATTERN.test(email.trim())) return m.emailInvalid;
  return undefined;
}

/**
 * Whether a reset token has the shape the server issues (LIMITS.resetTokenBytes random bytes in
 * base64url). One that cannot have been issued is invalid without asking the server.
 */
export function isWellFormedResetToken(token: string): boolean {
  const length = Math.ceil((LIMITS.resetTokenBytes * 4) / 3);
  return token.length === length && /^[A-Za-z0-9_-]+$/.test(token);
}

/** Reset form rules; `confirmPassword` is only present in the browser. */
export function validateResetPassword(input: {
  token: string | null | undefined;
  newPassword: string;
  confirmPassword?: string;
}): string | undefined {
  const m = Messages.resetPassword;
  if (!input.token) return m.tokenMissing;
  if (!input.newPassword || input.confirmPassword === '') return m.fillAllFields;
  if (input.newPassword.length < LIMITS.passwordMin) return m.passwordTooShort;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
    return m.passwordsDoNotMatch;
  }
  return undefined;
}
