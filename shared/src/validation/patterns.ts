/** Patterns of spec section 5, defined once. */

/** Sign-up e-mail: "x@y.z". */
export const SIGNUP_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
/** Forgot-password and bot-access e-mail: something, at sign, something, dot, something, no spaces. */
export const STRICT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Sign-up phone: optional plus, 3 digits, 3 digits, 4 to 6 digits, optional brackets and separators. */
export const SIGNUP_PHONE_PATTERN = /^[+]?[(]?[0-9]{3}[)]?[-\s.]?[0-9]{3}[-\s.]?[0-9]{4,6}$/;
/** Bot-access phone: 7 to 15 characters of digits, spaces, hyphens or parentheses. */
export const BOT_ACCESS_PHONE_PATTERN = /^[\d\s\-()]{7,15}$/;
/** Password needs a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_STRENGTH_PATTERN = /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;
/** Confirmation codes: upper-case letters and digits. */
export const CONFIRMATION_CODE_PATTERN = /^[A-Z0-9]+$/;
