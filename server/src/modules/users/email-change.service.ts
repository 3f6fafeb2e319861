import {
  AuthMessages,
  checkEmail,
  LIMITS,
  Messages,
  normalizeConfirmationCode,
  normalizeEmail,
  SettingsMessages,
  SIGNUP_EMAIL_PATTERN,
  type TEmailChangeConfirmRequest,
  type TEmailChangeRequest,
  type TUser,
  validateConfirmationCode,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { presentUser } from '../../sessions/user-row.js';
import { generateConfirmationCode, hashConfirmationCode } from '../credentials/credentials.secrets.js';
import {
  consumeConfirmationCode,
  findLiveEmailCode,
  recordWrongCodeAttempt,
  replaceEmailCode,
} from '../credentials/email-codes.repository.js';
import { claimMailCooldown } from '../mail/mail.repository.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { emailChangeCodeMail, emailChangedNoticeMail } from '../mail/mail.templates.js';
import { findUserByEmail, updateUser } from './users.repository.js';

/** Cooldown purpose (mail_cooldowns.purpose) of e-mail change codes, per new address. */
const EMAIL_CHANGE_MAIL = 'email_change_code';
/** PostgreSQL's error code for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

/**
 * Starts an e-mail change: the new address gets a code (sign-up's rules: 10 characters, 15 minutes,
 * 5 tries, one mail a minute). Nothing changes on the account until the code is confirmed.
 */
export async function requestEmailChange(
  ctx: ServerContext,
  user: TUser,
  input: TEmailChangeRequest,
  linkBase?: string,
): Promise<{ newEmail: string }> {
  const newEmail = normalizeEmail(input.newEmail);
  const issue = checkEmail(
    newEmail,
    { required: Messages.signup.emailRequired, invalid: Messages.signup.emailInvalid },
    SIGNUP_EMAIL_PATTERN,
  );
  if (issue) throw AppError.validation(issue, { newEmail: issue });
  if (newEmail.toLowerCase() === user.email.toLowerCase()) {
    throw AppError.validation(SettingsMessages.emailChangeSame, { newEmail: SettingsMessages.emailChangeSame });
  }
  if (await findUserByEmail(ctx.db, newEmail)) throw AppError.conflict(SettingsMessages.emailTaken);
  const now = ctx.now();
  const wait = await claimMailCooldown(ctx.db, newEmail, EMAIL_CHANGE_MAIL, now, LIMITS.resendCooldownSeconds);
  if (wait > 0) throw AppError.rateLimited(wait, AuthMessages.resendCooldown(wait));
  const code = generateConfirmationCode();
  await replaceEmailCode(ctx.db, user.id, {
    purpose: 'email_change',
    newEmail,
    codeHash: hashConfirmationCode(user.id, code),
    expiresAt: new Date(now.getTime() + LIMITS.confirmationCodeTtlMs),
  });
  getMailer(ctx).dispatch(emailChangeCodeMail(brandOf(ctx, linkBase), newEmail, code));
  return { newEmail };
}

/** Confirms the pending change with its code; the old address is told of the change. */
export async function confirmEmailChange(
  ctx: ServerContext,
  user: TUser,
  input: TEmailChangeConfirmRequest,
  linkBase?: string,
): Promise<TUser> {
  const refuse = (message: string) => AppError.validation(message, { confirmationCode: message });
  const code = normalizeConfirmationCode(input.confirmationCode);
  const codeIssue = validateConfirmationCode(code);
  if (codeIssue) throw refuse(codeIssue);
  const now = ctx.now();
  const live = await findLiveEmailCode(ctx.db, user.id, 'email_change');
  if (!live?.new_email) throw refuse(SettingsMessages.emailChangeNoPending);
  if (live.attempts >= LIMITS.confirmationCodeMaxAttempts) throw refuse(AuthMessages.codeTooManyAttempts);
  if (new Date(live.expires_at).getTime() <= now.getTime()) throw refuse(AuthMessages.codeExpired);

  const newEmail = live.new_email;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const consumed = await consumeConfirmationCode(trx, live.id, hashConfirmationCode(user.id, code), now);
    if (!consumed) return null;
    // Another account may have taken the address since the code was sent.
    if (await findUserByEmail(trx, newEmail)) throw AppError.conflict(SettingsMessages.emailTaken);
    return updateUser(trx, user.id, { email: newEmail }).catch((error: unknown) => {
      // A sign-up of the same address committing between the check and the update: the unique index says so.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw AppError.conflict(SettingsMessages.emailTaken);
      throw error;
    });
  });
  if (!row) {
    const attempts = await recordWrongCodeAttempt(ctx.db, live.id);
    if (attempts !== null && attempts >= LIMITS.confirmationCodeMaxAttempts) {
      throw refuse(AuthMessages.codeTooManyAttempts);
    }
    throw refuse(Messages.confirmation.invalidCode);
  }
  getMailer(ctx).dispatch(emailChangedNoticeMail(brandOf(ctx, linkBase), user.email, newEmail));
  await ctx.events.accountChanged(user.id);
  return presentUser(row);
}
