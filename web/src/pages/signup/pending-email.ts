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

/** When the last code went to the pending e-mail (epoch ms), for the resend button's countdown. */
export const CODE_SENT_AT_KEY = 'signalroom.confirmationCodeSentAt';

/** Records that a code was sent to `email` just now (on registering, and on each resend). */
export function markCodeSent(email: string): void {
  try {
    sessionStorage.setItem(PENDING_EMAIL_KEY, email);
    sessionStorage.setItem(CODE_SENT_AT_KEY, String(Date.now()));
  } catch (error) {
    // Storage refused (private mode): the server's own cooldown still answers a too-early resend.
    console.warn('Could not keep the pending confirmation in this tab', error);
  }
}

/** Seconds left of the resend cooldown since the last code was sent; 0 when unknown or over. */
export function resendSecondsLeft(cooldownSeconds: number, now = Date.now()): number {
  let sentAt: number;
  try {
    sentAt = Number(sessionStorage.getItem(CODE_SENT_AT_KEY));
  } catch {
    return 0;
  }
  if (!Number.isFinite(sentAt) || sentAt <= 0) return 0;
  return Math.max(0, Math.min(cooldownSeconds, Math.ceil(cooldownSeconds - (now - sentAt) / 1000)));
}
