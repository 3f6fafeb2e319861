/**
 * Messages of the auth and admin calls that the product wording does not give (its own are in messages.ts).
 * Kept in shared so the server answers and the web app shows the same words.
 */
export const AuthMessages = {
  registered: 'Registration received. Check your email for the confirmation code.',
  confirmed: 'Email confirmed. Welcome aboard!',
  codeExpired: 'This confirmation code has expired. Please request a new code.',
  codeTooManyAttempts: 'Too many incorrect attempts. Please request a new code.',
  /** The resend button's cooldown (60 s per e-mail), with the seconds left. */
  resendCooldown: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another email.`,
  loginSucceeded: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  /** Login with the right password on an account whose e-mail is not confirmed yet. */
  emailNotConfirmed: 'Please confirm your email address first. We have sent you a new confirmation code.',
  emailNotConfirmedCodeRecent:
    'Please confirm your email address first. Use the confirmation code we sent you a moment ago.',
  loggedOut: 'Logged out',
  forgotPasswordSent: 'If an account exists for this email, a password reset link has been sent.',
  resetTokenValid: 'Reset token is valid',
  passwordReset: 'Your password has been reset. You can now log in.',
  activationEmailSent: 'Activation email sent. Check your inbox.',
  dashboardCodeRequired: 'Please enter your dashboard code',
  /** A code that is not this member's (mistyped, replaced by a newer one, or issued to someone else). */
  dashboardCodeInvalid: 'This dashboard code is not valid. Check it and try again, or ask support for a new one.',
  dashboardCodeUsed: 'This dashboard code has already been used. Ask support for a new one.',
  dashboardCodeExpired: 'This dashboard code has expired. Ask support for a new one.',
  dashboardUnlocked: 'Dashboard unlocked',
  profileUpdated: 'Profile updated',
  brokerAccountRequired: 'Broker account ID is required',
  timeZoneInvalid: 'Choose a time zone from the list.',
  userFound: 'User data',
  accessUpdated: 'Access updated',
  roleUpdated: 'Role updated',
  lastAdmin: 'You cannot remove the last admin.',
  /** Rate limits of the auth calls, with the time to wait. */
  rateLimited: (seconds: number) =>
    `Too many requests. Please try again in ${
      seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} second${seconds === 1 ? '' : 's'}`
    }.`,
  /** Logins on one account from unknown devices spent its budget (see docs/decisions.md, "Login and sign-up limits"). */
  accountLocked: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many failed logins on this account. Log in from a device you have used before, reset your password with the link we can e-mail you, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  dashboardCodeIssued: 'Dashboard code issued. It is shown only once.',
  /** A code whose redemption would leave the member as they are: a guest's must grant a tier. */
  dashboardCodeChangesNothing: (tier: string) =>
    `This code would change nothing: the member would stay ${tier.toUpperCase()} with the dashboard they have. Choose the tier it grants.`,
  /** Admin calls: a tier, a role or a yes/no flag that is missing or not one of its values. */
  tierInvalid: 'Choose a tier: guest, silver, pro or gold.',
  roleInvalid: 'Choose a role: member, analyst or admin.',
  flagInvalid: (field: string) => `${field} must be true or false.`,
} as const;
