import {
  isWellFormedResetToken,
  LIMITS,
  Messages,
  type TResetPasswordRequest,
  validateForgotPasswordEmail,
  validateResetPassword,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { withTimingFloor } from '../../http/timing.js';
import { generateSecret, hashSecret } from '../../http/tokens.js';
import { revokeAllSessionsOfUser } from '../../sessions/sessions.repository.js';
import { hashPassword } from '../credentials/credentials.secrets.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { passwordResetMail } from '../mail/mail.templates.js';
import { tellKeysRevoked } from '../users/account-security.service.js';
import { revokeAllKeysOfUser } from '../users/api-keys.repository.js';
import { findUserByEmail, findUserById, updateUser } from '../users/users.repository.js';
import { ENUMERATION_FLOOR_MS } from './auth.limits.js';
import {
  consumeAllResetTokensOfUser,
  consumeResetToken,
  findLiveResetToken,
  insertResetToken,
} from './auth.repository.js';
import { getLoginThrottle } from './login-throttle.js';

const invalidToken = () =>
  AppError.validation(Messages.resetPassword.invalidOrExpiredToken, {
    token: Messages.resetPassword.invalidOrExpiredToken,
  });

/**
 * Mails a reset link (32 random bytes, stored hashed, 1 hour) when the address has an account. The
 * answer is the same either way, the mail goes out in the background, both paths make the token, and
 * the answer waits for the enumeration floor, so neither the words nor the time reveal an account.
 */
export async function requestPasswordReset(
  ctx: ServerContext,
  input: { email: string },
  /** Base of the reset link (the request's own origin when allowed); the configured one by default. */
  linkBase?: string,
): Promise<void> {
  const error = validateForgotPasswordEmail(input.email);
  if (error) throw AppError.validation(error, { email: error });
  await withTimingFloor(ENUMERATION_FLOOR_MS, async () => {
    const token = generateSecret(LIMITS.resetTokenBytes);
    const tokenHash = hashSecret(token);
    const user = await findUserByEmail(ctx.db, input.email);
    if (!user) return;
    await insertResetToken(ctx.db, user.id, tokenHash, new Date(ctx.now().getTime() + LIMITS.resetTokenTtlMs));
    getMailer(ctx).dispatch(passwordResetMail(brandOf(ctx, linkBase), user.email, token));
  });
}

/** The reset page's first call: the e-mail of a live token, else 400 with the product's message. */
export async function verifyResetToken(ctx: ServerContext, token: string): Promise<{ email: string }> {
  if (!token.trim()) {
    throw AppError.validation(Messages.resetPassword.invalidOrMissingToken, {
      token: Messages.resetPassword.invalidOrMissingToken,
    });
  }
  if (!isWellFormedResetToken(token.trim())) throw invalidToken();
  const row = await findLiveResetToken(ctx.db, hashSecret(token.trim()), ctx.now());
  if (!row) throw invalidToken();
  return { email: row.email };
}

/**
 * Sets a new password with a reset token. The token is consumed by one conditional UPDATE in the same
 * transaction that changes the password and ends every session and API key of the member (their
 * sockets and streams close, and the member is mailed which keys went), so of many simultaneous
 * redemptions exactly one succeeds and nothing half-done remains. Following the link also proves the
 * mailbox, so an unconfirmed account counts as confirmed from here (its trial starts).
 */
export async function resetPassword(ctx: ServerContext, input: TResetPasswordRequest): Promise<void> {
  const error = validateResetPassword({ token: input.token.trim(), newPassword: input.newPassword });
  if (error) {
    throw AppError.validation(
      error,
      error === Messages.resetPassword.tokenMissing ? { token: error } : { newPassword: error },
    );
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const id = await consumeResetToken(trx, hashSecret(input.token.trim()), now);
    if (!id) throw invalidToken();
    const user = await findUserById(trx, id);
    if (!user) throw invalidToken();
    await updateUser(trx, id, {
      password_hash: passwordHash,
      ...(user.email_verified_at
        ? {}
        : { email_verified_at: now, trial_ends_at: new Date(now.getTime() + LIMITS.trialDurationMs) }),
    });
    await revokeAllSessionsOfUser(trx, id, now);
    await consumeAllResetTokensOfUser(trx, id, now);
    // Whoever had the account may have made keys with it: they end with the recovery.
    const revokedKeys = await revokeAllKeysOfUser(trx, id, now, 'password-reset');
    return { ...user, revokedKeys };
  });
  // The link proved the mailbox: a lock that guesses from elsewhere put on the account is lifted.
  await getLoginThrottle(ctx).forgive(user.email);
  await ctx.events.accountChanged(user.id);
  tellKeysRevoked(ctx, user.email, user.revokedKeys, 'password-reset');
}
