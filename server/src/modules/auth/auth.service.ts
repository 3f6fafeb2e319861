import {
  AuthMessages,
  checkEmail,
  LIMITS,
  Messages,
  normalizeConfirmationCode,
  normalizeEmail,
  SIGNUP_EMAIL_PATTERN,
  signupPhoneE164,
  type TConfirmCodeRequest,
  type TLoginRequest,
  type TRegisterData,
  type TRegisterRequest,
  type TSessionData,
  validateConfirmationCode,
  validateLogin,
  validateSignup,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assertNoFieldErrors } from '../../http/parse.js';
import { withTimingFloor } from '../../http/timing.js';
import { generateSecret, hashSecret } from '../../http/tokens.js';
import { insertSession, revokeSessionByHash, type SessionClient } from '../../sessions/sessions.repository.js';
import { presentUser } from '../../sessions/user-row.js';
import {
  generateAdmissionCode,
  generateConfirmationCode,
  hashConfirmationCode,
  hashPassword,
  verifyPassword,
} from '../credentials/credentials.secrets.js';
import {
  consumeConfirmationCode,
  findLiveEmailCode,
  recordWrongCodeAttempt,
  replaceConfirmationCode,
} from '../credentials/email-codes.repository.js';
import { claimMailCooldown } from '../mail/mail.repository.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { confirmationCodeMail, signupAttemptMail, welcomeMail } from '../mail/mail.templates.js';
import { announceNotification, recordNotification } from '../notifications/notifications.service.js';
import { describeUserAgent } from '../users/user-agent.js';
import {
  findUserByEmail,
  findUserForLogin,
  insertUserIfNew,
  type UserRow,
  updateUser,
} from '../users/users.repository.js';
import { ENUMERATION_FLOOR_MS } from './auth.limits.js';
import { hasKnownDevice, rememberDevice, touchKnownDevice } from './auth.repository.js';
import { getLoginThrottle } from './login-throttle.js';

/** A user id no account has: the unknown-address path looks up codes with it. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/** Cooldown purposes (mail_cooldowns.purpose). */
const CODE_MAIL = 'confirmation_code';
const SIGNUP_ATTEMPT_MAIL = 'signup_attempt';
/** The owner of an address hears about sign-up attempts at most this often. */
const SIGNUP_ATTEMPT_MAIL_COOLDOWN_S = 15 * 60;

/**
 * Registration. A new address gets an account and a code by mail; an address that already has an
 * account gets the same answer, nothing changes, and its owner gets a "someone tried to sign up" mail.
 * Both paths hash a password and send mail in the background, so neither timing nor the answer tells
 * them apart.
 */
export async function registerMember(
  ctx: ServerContext,
  input: TRegisterRequest,
  linkBase?: string,
): Promise<TRegisterData> {
  const fields = { ...input, telegram: input.telegram ?? '' };
  assertNoFieldErrors(validateSignup(fields));
  const email = normalizeEmail(input.email);
  const phone = signupPhoneE164(input);
  if (!phone) throw AppError.validation(Messages.signup.phoneInvalid, { phone: Messages.signup.phoneInvalid });
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  const mailer = getMailer(ctx);

  let created: UserRow | null = null;
  let existing: UserRow | null = null;
  // A clash of the random admission code is astronomically rare, but would look like "existing".
  for (let attempt = 0; attempt < 3 && !created && !existing; attempt++) {
    created = await insertUserIfNew(ctx.db, {
      email,
      full_name: input.fullName.trim(),
      phone,
      country: input.country,
      telegram: input.telegram?.trim() || null,
      password_hash: passwordHash,
      admission_code: generateAdmissionCode(),
    });
    if (!created) existing = await findUserByEmail(ctx.db, email);
  }
  // Either way the resend cooldown starts now, so a resend right after behaves the same for both.
  await claimMailCooldown(ctx.db, email, CODE_MAIL, now, LIMITS.resendCooldownSeconds);

  if (created) {
    const code = generateConfirmationCode();
    await replaceConfirmationCode(
      ctx.db,
      created.id,
      hashConfirmationCode(created.id, code),
      new Date(now.getTime() + LIMITS.confirmationCodeTtlMs),
    );
    mailer.dispatch(confirmationCodeMail(brandOf(ctx, linkBase), created.email, code));
  } else if (existing) {
    // No code for an existing account, confirmed or not: whoever registers second must not end up
    // confirming an account whose password someone else chose. The owner can log in or reset.
    const wait = await claimMailCooldown(ctx.db, email, SIGNUP_ATTEMPT_MAIL, now, SIGNUP_ATTEMPT_MAIL_COOLDOWN_S);
    if (wait === 0) mailer.dispatch(signupAttemptMail(brandOf(ctx, linkBase), existing.email));
  } else {
    throw new AppError('internal', Messages.signup.registrationFailed);
  }
  return { email };
}

/** Mails a fresh code to an unconfirmed account (replacing the live one). */
async function sendNewCode(ctx: ServerContext, user: UserRow): Promise<void> {
  const code = generateConfirmationCode();
  const now = ctx.now();
  await replaceConfirmationCode(
    ctx.db,
    user.id,
    hashConfirmationCode(user.id, code),
    new Date(now.getTime() + LIMITS.confirmationCodeTtlMs),
  );
  getMailer(ctx).dispatch(confirmationCodeMail(brandOf(ctx), user.email, code));
}

/**
 * Opens a session, and answers the browser's device token: the one it logged in with when that is one
 * of the member's known devices, else a new one, remembered from now on. A login (`alertNewBrowser`)
 * from a browser the member never used, when they have used another, puts a notification in their bell
 * in the same transaction: the first browser of an account is no news.
 */
export async function openSession(
  ctx: ServerContext,
  user: UserRow,
  client: SessionClient,
  knownDeviceToken: string | null = null,
  alertNewBrowser = false,
): Promise<TSessionData> {
  const token = generateSecret();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + LIMITS.sessionTtlMs);
  const deviceToken = knownDeviceToken ?? generateSecret();
  const notice = await ctx.db.transaction().execute(async (trx) => {
    const sessionId = await insertSession(trx, user.id, hashSecret(token), expiresAt, client);
    if (knownDeviceToken) return null;
    const seenBefore = alertNewBrowser && (await hasKnownDevice(trx, user.id));
    await rememberDevice(trx, user.id, hashSecret(deviceToken));
    if (!seenBefore) return null;
    const data = { sessionId, ...describeUserAgent(client.userAgent), ip: client.ip };
    return recordNotification(trx, user.id, { kind: 'new-browser', data }, sessionId, now);
  });
  await announceNotification(ctx, notice);
  return { token, user: presentUser(user), deviceToken };
}

/**
 * Confirms the e-mail with the mailed code: single use, 15 minutes, 5 wrong tries. Confirming starts
 * the 24-hour guest trial and opens a session.
 */
export async function confirmEmailCode(
  ctx: ServerContext,
  input: TConfirmCodeRequest,
  client: SessionClient,
  linkBase?: string,
): Promise<TSessionData> {
  const code = normalizeConfirmationCode(input.confirmationCode);
  const codeError = validateConfirmationCode(code);
  if (codeError) throw AppError.validation(codeError, { confirmationCode: codeError });
  if (!input.email.trim()) {
    throw AppError.validation(Messages.signup.emailRequired, { email: Messages.signup.emailRequired });
  }
  return withTimingFloor(ENUMERATION_FLOOR_MS, () => checkAndConsumeCode(ctx, input.email, code, client, linkBase));
}

/** The part of a confirmation that differs for known and unknown addresses (behind the timing floor). */
async function checkAndConsumeCode(
  ctx: ServerContext,
  email: string,
  code: string,
  client: SessionClient,
  linkBase: string | undefined,
): Promise<TSessionData> {
  const invalid = () =>
    AppError.validation(Messages.confirmation.invalidCode, { confirmationCode: Messages.confirmation.invalidCode });
  const now = ctx.now();
  const user = await findUserByEmail(ctx.db, email);
  // An unknown address still asks for a code, so both paths make the same round trips.
  const live = await findLiveEmailCode(ctx.db, user?.id ?? NO_USER_ID, 'email_confirmation');
  if (!user || user.email_verified_at || !live) throw invalid();
  if (live.attempts >= LIMITS.confirmationCodeMaxAttempts) {
    throw AppError.validation(AuthMessages.codeTooManyAttempts, { confirmationCode: AuthMessages.codeTooManyAttempts });
  }
  if (new Date(live.expires_at).getTime() <= now.getTime()) {
    throw AppError.validation(AuthMessages.codeExpired, { confirmationCode: AuthMessages.codeExpired });
  }

  const consumed = await consumeConfirmationCode(ctx.db, live.id, hashConfirmationCode(user.id, code), now);
  if (!consumed) {
    const attempts = await recordWrongCodeAttempt(ctx.db, live.id);
    if (attempts !== null && attempts >= LIMITS.confirmationCodeMaxAttempts) {
      throw AppError.validation(AuthMessages.codeTooManyAttempts, {
        confirmationCode: AuthMessages.codeTooManyAttempts,
      });
    }
    throw invalid();
  }

  const trialEndsAt = new Date(now.getTime() + LIMITS.trialDurationMs);
  const confirmed = await updateUser(ctx.db, user.id, { email_verified_at: now, trial_ends_at: trialEndsAt });
  if (!confirmed) throw invalid();
  const session = await openSession(ctx, confirmed, client);
  const reader = {
    email: confirmed.email,
    fullName: confirmed.full_name,
    timeZone: confirmed.time_zone ?? ctx.config.TIME_ZONE,
  };
  getMailer(ctx).dispatch(welcomeMail(brandOf(ctx, linkBase), reader, trialEndsAt, now));
  return session;
}

/**
 * The check-your-email screen's resend button: a new code, at most once per 60 s per address. The
 * answer is the same whether or not the address has an unconfirmed account, and whether or not a code
 * went out in the last 60 s: inside the cooldown nothing is sent (the last code is still in the inbox),
 * since a 429 there told anyone that the address had just signed up.
 */
export async function resendConfirmationCode(ctx: ServerContext, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  const emailError = checkEmail(
    email,
    { required: Messages.signup.emailRequired, invalid: Messages.signup.emailInvalid },
    SIGNUP_EMAIL_PATTERN,
  );
  if (emailError) throw AppError.validation(emailError, { email: emailError });
  await withTimingFloor(ENUMERATION_FLOOR_MS, async () => {
    const wait = await claimMailCooldown(ctx.db, email, CODE_MAIL, ctx.now(), LIMITS.resendCooldownSeconds);
    // Both paths make the same lookup.
    const user = await findUserByEmail(ctx.db, email);
    if (wait === 0 && user && !user.email_verified_at) await sendNewCode(ctx, user);
  });
}

/**
 * Login. Wrong e-mail and wrong password are refused alike (401, same timing). The right password on
 * an unconfirmed account is refused with 403 and a fresh code is mailed (unless one went out in the
 * last 60 s), so the member can finish confirming; no session is opened before the e-mail is proven.
 * Attempts from anywhere but the member's known devices spend the account's budget (login-throttle.ts).
 */
export async function login(ctx: ServerContext, input: TLoginRequest, client: SessionClient): Promise<TSessionData> {
  const error = validateLogin(input);
  if (error) {
    const fields = { ...(input.email.trim() ? {} : { email: error }), ...(input.password ? {} : { password: error }) };
    throw AppError.validation(error, fields);
  }
  const throttle = getLoginThrottle(ctx);
  const user = await findUserForLogin(ctx.db, input.email);
  // Looked up for an unknown address too (no account has NO_USER_ID), so both paths make the same reads.
  const knownDevice = input.deviceToken
    ? await touchKnownDevice(ctx.db, user?.id ?? NO_USER_ID, hashSecret(input.deviceToken), ctx.now())
    : false;
  await throttle.admit(input.email, knownDevice);
  await throttle.beforeAttempt(input.email);
  const valid = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !valid) {
    await throttle.recordFailure(input.email);
    throw AppError.unauthorized(AuthMessages.invalidCredentials);
  }
  if (!user.email_verified_at) {
    const wait = await claimMailCooldown(ctx.db, user.email, CODE_MAIL, ctx.now(), LIMITS.resendCooldownSeconds);
    if (wait > 0) throw AppError.forbidden(AuthMessages.emailNotConfirmedCodeRecent);
    await sendNewCode(ctx, user);
    throw AppError.forbidden(AuthMessages.emailNotConfirmed);
  }
  return openSession(ctx, user, client, knownDevice ? (input.deviceToken ?? null) : null, true);
}

/** Revokes the session of this token; false when it was not live. */
export async function logout(ctx: ServerContext, token: string): Promise<boolean> {
  const userId = await revokeSessionByHash(ctx.db, hashSecret(token), ctx.now());
  if (!userId) return false;
  // Sockets opened with this token are dropped at once instead of at the realtime layer's next sweep.
  await ctx.events.accountChanged(userId);
  return true;
}
