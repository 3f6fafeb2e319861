import { LIMITS } from '../constants.js';
import { Messages } from '../messages.js';
import { PASSWORD_STRENGTH_PATTERN, STRICT_EMAIL_PATTERN } from './patterns.js';
import { emailSpoofIssue, hiddenCharacterIssue, normalizeEmail } from './text.rules.js';

/** Field name to the product's message for its first failing rule. Empty when valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface SignupFields {
  fullName: string;
  email: string;
  phone: string;
  country: string;
  telegram?: string | null;
  password: string;
}

/** A person's full name: the product's required and 3-character rules, and no hidden characters. */
export function checkFullName(raw: string): string | undefined {
  const m = Messages.signup;
  const fullName = raw.trim();
  if (!fullName) return m.fullNameRequired;
  const hidden = hiddenCharacterIssue(raw);
  if (hidden) return hidden;
  if (fullName.length < LIMITS.fullNameMin) return m.fullNameTooShort;
  return undefined;
}

/**
 * An e-mail field: `required` when empty, `invalid` when it does not match `pattern`, and the
 * invisible-character and mixed-alphabet refusals (normalised first, as the server stores it).
 */
export function checkEmail(
  raw: string,
  messages: { required: string; invalid: string },
  pattern: RegExp = STRICT_EMAIL_PATTERN,
): string | undefined {
  const email = normalizeEmail(raw);
  if (!email) return messages.required;
  const hidden = hiddenCharacterIssue(email) ?? emailSpoofIssue(email);
  if (hidden) return hidden;
  return pattern.test(email) ? undefined : messages.invalid;
}

/** Password rules of sign-up (also used for password changes in settings). */
export function checkSignupPassword(
  password: string,
  messages: { required: string; tooShort: string } = {
    required: Messages.signup.passwordRequired,
    tooShort: Messages.signup.passwordTooShort,
  },
): string | undefined {
  if (!password) return messages.required;
  const hidden = hiddenCharacterIssue(password);
  if (hidden) return hidden;
  if (password.length < LIMITS.passwordMin) return messages.tooShort;
  if (!PASSWORD_STRENGTH_PATTERN.test(password)) return Messages.signup.passwordWeak;
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

/** Submit stays disabled until every required field is filled (telegram is optional). */
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
  return checkEmail(email, { required: m.emailRequired, invalid: m.emailInvalid });
}

/**
 * Whether a reset token has the shape the server issues (LIMITS.resetTokenBytes random bytes in
 * base64url). One that cannot have been issued is invalid without asking the server.
 */
export function isWellFormedResetToken(token: string): boolean {
  const length = Math.ceil((LIMITS.resetTokenBytes * 4) / 3);
  return token.length === length && /^[A-Za-z0-9_-]+$/.test(token);
}

/**
 * Reset form rules; `confirmPassword` is only present in the browser. The new password follows the
 * sign-up rules (8 characters, an uppercase and a lowercase letter and a digit), with the reset form's
 * own words for the length: a reset must not be the way around the sign-up rules.
 */
export function validateResetPassword(input: {
  token: string | null | undefined;
  newPassword: string;
  confirmPassword?: string;
}): string | undefined {
  const m = Messages.resetPassword;
  if (!input.token) return m.tokenMissing;
  if (!input.newPassword || input.confirmPassword === '') return m.fillAllFields;
  const passwordError = checkSignupPassword(input.newPassword, {
    required: m.fillAllFields,
    tooShort: m.passwordTooShort,
  });
  if (passwordError) return passwordError;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
    return m.passwordsDoNotMatch;
  }
  return undefined;
}
