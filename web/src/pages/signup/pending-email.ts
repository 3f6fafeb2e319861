/**
 * The e-mail waiting for its confirmation code, kept for this tab only so a reload on the code step
 * (or a login with an unconfirmed e-mail) lands on the code step with it.
 */
export const PENDING_EMAIL_KEY = 'signalroom.pendingConfirmationEmail';

export function readPendingEmail(): string | null {
  try {
    return sessionStorage.getItem(PENDING_EMAIL_KEY);
  } catch {
    return null;
  }
}
