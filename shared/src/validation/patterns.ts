/** Input patterns of the forms (e-mail, phone, names), defined once. */

/** Sign-up e-mail: "x@y.z". */
export const SIGNUP_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** Forgot-password and bot-access e-mail: something, at sign, something, dot, something, no spaces. */
export const STRICT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Password needs a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_STRENGTH_PATTERN = /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;
/** Confirmation codes: upper-case letters and digits. */
export const CONFIRMATION_CODE_PATTERN = /^[A-Z0-9]+$/;
