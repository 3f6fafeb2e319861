// Every user-facing message of the product (form rules and the messages under the fields), defined once.
// Web forms and the server both return these exact strings. Each group is its own constant, so a page
// that needs one group (the landing page's API client) does not carry the others. A message that states a
// limit is built from the limit, so the two cannot drift.

import { LIMITS } from './constants.js';

export const SignupMessages = {
  fullNameRequired: 'Full name is required',
  fullNameTooShort: `Full name must be at least ${LIMITS.fullNameMin} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is invalid',
  countryRequired: 'Country is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordWeak: 'Password must contain uppercase, lowercase, and number',
  registrationFailed: 'Registration failed. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
} as const;

export const ConfirmationMessages = {
  codeRequired: 'Please enter the confirmation code',
  invalidCode: 'Invalid confirmation code',
  resendSuccess: 'Email sent successfully! Check your inbox.',
  resendFailed: 'Failed to resend email',
  resendFailedRetry: 'Failed to resend email. Please try again.',
} as const;

export const LoginMessages = {
  fillAllFields: 'Please fill in all fields',
  failed: 'Login failed',
  failedRetry: 'Login failed. Please try again.',
} as const;

export const ForgotPasswordMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  failed: 'Failed to send reset email',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export const ResetPasswordMessages = {
  invalidLink: 'This password reset link is invalid or has expired.',
  invalidOrMissingToken: 'Invalid or missing reset token',
  invalidOrExpiredToken: 'Invalid or expired reset token',
  verifyFailed: 'Failed to verify reset token',
  fillAllFields: 'Please fill in all fields',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters long`,
  passwordsDoNotMatch: 'Passwords do not match',
  tokenMissing: 'Reset token is missing',
  resetFailed: 'Failed to reset password',
  unexpected: 'An unexpected error occurred. Please try again.',
  hint: `Must be at least ${LIMITS.passwordMin} characters long`,
} as const;

export const BotAccessMessages = {
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number (digits only, no country code)',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  selectOption: 'Please select an option',
  lossAmountRequired: 'Please enter the loss amount',
  callNumberRequired: 'Please enter a call number',
  submitFailed: 'Failed to submit form. Please try again.',
  submitError: 'An error occurred while submitting the form. Please try again.',
} as const;

/** Default wrapper messages, used when a call fails without a message. */
export const WrapperMessages = {
  register: 'Registration failed',
  confirmCode: 'Code confirmation failed',
  login: 'Login failed',
  logout: 'Logout failed',
  me: 'Failed to get user data',
  validateDashboardCode: 'Dashboard code validation failed',
  forgotPassword: 'Failed to send password reset email',
  verifyResetToken: 'Failed to verify reset token',
  resetPassword: 'Failed to reset password',
  sendActivationEmail: 'Failed to send activation email',
  resendWelcomeEmail: 'Failed to resend verification email',
  countdown: 'Failed to get timer data',
  countdownConfig: 'Failed to get timer configuration',
  countdownReset: 'Failed to reset timer',
  botAccessSubmit: 'Bot access form submission failed',
  botAccessList: 'Failed to get bot access submissions',
  botAccessGet: 'Failed to get bot access submission',
  botAccessStatus: 'Failed to update submission status',
} as const;

export const AccessMessages = {
  upgradeToUnlock: 'Upgrade to unlock this feature',
} as const;

export const SignalsMessages = {
  riskWarning: 'Trading is risky. Only trade with funds you can afford to lose.',
  initializing: 'Initializing Signal Stream...',
  previousWillAppear: 'Previous signals will appear here',
} as const;

export const AdminUsersMessages = {
  noUsersMatching: 'No users found matching the search text',
  noUsers: 'No users found in the system',
} as const;

/** Messages of our own (the product wording gives none for these), kept here so server and web agree. */
export const CommonMessages = {
  invalidRequest: 'The request is invalid.',
  unauthorized: 'Please log in to continue.',
  forbidden: 'You do not have access to this.',
  notFound: 'Not found.',
  rateLimited: 'Too many requests. Please wait and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is busy. Please try again in a moment.',
  /** The disk the server writes to (or the database's) is full: writes are refused until it has room. */
  storageFull: "The server's storage is full. Nothing was saved; please try again later.",
  /** The file store (an S3-compatible server) cannot be reached: uploads and downloads wait for it. */
  fileStoreUnavailable: 'Files cannot be stored or read right now. Please try again in a moment.',
  malformedJson: 'The request body is not valid JSON.',
  /** A body that is JSON but not an object (an array, a string, a number). */
  bodyNotObject: 'The request body must be a JSON object.',
  /** Control characters, bidi overrides or broken Unicode in any text input (validation/text.rules.ts). */
  hiddenCharacters: 'This field contains hidden control characters. Please type it again.',
  emailInvisible: 'This email address contains invisible characters. Please type it again.',
  emailMixedScripts: 'This email address mixes letters of different alphabets. Please type it again.',
  /** A text field that arrived as a number, a list or an object. */
  notText: 'This field must be text.',
  tooLong: (max: number) => `This field can be at most ${max} characters long.`,
  unknownField: (name: string) => `Unknown field: ${name}.`,
  unknownQueryParameter: (name: string) => `Unknown query parameter: ${name}.`,
  requestTooLarge: 'The request is too large.',
  urlTooLong: 'The address of the request is too long.',
  headersTooLarge: 'The request address or headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
} as const;

/** All the groups, by name: `Messages.signup.fullNameRequired`. */
export const Messages = {
  signup: SignupMessages,
  confirmation: ConfirmationMessages,
  login: LoginMessages,
  forgotPassword: ForgotPasswordMessages,
  resetPassword: ResetPasswordMessages,
  botAccess: BotAccessMessages,
  wrapper: WrapperMessages,
  access: AccessMessages,
  signals: SignalsMessages,
  admin: AdminUsersMessages,
  common: CommonMessages,
} as const;
