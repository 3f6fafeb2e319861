import { ACCESS_PATH_MIN_DEPOSIT_USD, formatMoment, LIMITS, PAGES, PROMO_MIN_DEPOSIT_USD } from '@signalroom/shared';
import type { AppConfig } from '../../config.js';

export type MailKind =
  | 'confirmation_code'
  | 'signup_attempt'
  | 'welcome'
  | 'activation'
  | 'activation_approved'
  | 'activation_rejected'
  | 'password_reset'
  | 'email_change_code'
  | 'email_change_notice'
  | 'password_changed'
  | 'support_reply'
  | 'session_reminder'
  | 'webhook_disabled'
  | 'api_keys_revoked';

/** One mail, ready to send: both parts, and the secrets in it (kept out of the outbox when SMTP is used). */
export interface MailMessage {
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  secrets: string[];
}

/** What the templates need: the operator's branding and the base of links (see `publicBaseUrl`). */
export type Branding = Pick<
  AppConfig,
  'PRODUCT_NAME' | 'BROKER_REGISTRATION_URL' | 'SUPPORT_HANDLE' | 'SUPPORT_EMAIL' | 'promoCode' | 'contactsConfigured'
> & { supportChatUrl: string; publicUrl: string };

/** "contact support at …": the operator's e-mail when it is real, else the way members reach support in the app. */
function supportByEmail(brand: Branding): string {
  return brand.contactsConfigured.supportEmail
    ? `contact support at ${brand.SUPPORT_EMAIL}`
    : `open a ticket in the Support Hub (${publicLink(brand, PAGES.support.path)})`;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Joins a path to the public base URL without doubling slashes. */
export function publicLink(brand: Pick<Branding, 'publicUrl'>, path: string): string {
  return `${brand.publicUrl.replace(/\/+$/, '')}${path}`;
}

/** Wraps paragraphs (plain text, escaped here) in the product's simple branded HTML frame. */
export function frame(brand: Branding, title: string, blocks: Array<string | { link: string; label: string }>): string {
  const body = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p style="margin:0 0 14px">${escapeHtml(b).replace(/\n/g, '<br>')}</p>`
        : `<p style="margin:0 0 14px"><a href="${escapeHtml(b.link)}" style="color:#f5b301">${escapeHtml(b.label)}</a></p>`,
    )
    .join('\n');
  return `<!doctype html><html><body style="margin:0;background:#0b0f19;font-family:Arial,sans-serif;color:#e5e7eb">
<div style="max-width:560px;margin:0 auto;padding:28px">
<h1 style="font-size:20px;color:#f5b301;margin:0 0 18px">${escapeHtml(brand.PRODUCT_NAME)}</h1>
<h2 style="font-size:17px;margin:0 0 16px">${escapeHtml(title)}</h2>
${body}
<p style="font-size:12px;color:#9ca3af;margin-top:28px">${escapeHtml(brand.PRODUCT_NAME)}${brand.contactsConfigured.supportEmail ? ` · ${escapeHtml(brand.SUPPORT_EMAIL)}` : ''}</p>
</div></body></html>`;
}

const minutes = (ms: number) => Math.round(ms / 60_000);

export function confirmationCodeMail(brand: Branding, to: string, code: string): MailMessage {
  const ttl = minutes(LIMITS.confirmationCodeTtlMs);
  const title = 'Confirm your email address';
  const lines = [
    `Your ${brand.PRODUCT_NAME} confirmation code is: ${code}`,
    `Enter it on the sign-up screen. It expires in ${ttl} minutes and works once.`,
    'If you did not sign up, you can ignore this email.',
  ];
  return {
    to,
    kind: 'confirmation_code',
    subject: `${brand.PRODUCT_NAME}: your confirmation code`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, lines),
    secrets: [code],
  };
}

export function signupAttemptMail(brand: Branding, to: string): MailMessage {
  const title = 'Someone tried to sign up with your email address';
  const login = publicLink(brand, PAGES.login.path);
  const forgot = publicLink(brand, PAGES['forgot-password'].path);
  const lines = [
    `Someone tried to create a ${brand.PRODUCT_NAME} account with this email address. An account with this address already exists, so nothing was changed.`,
    `If it was you, log in at ${login}, or set a new password at ${forgot}.`,
    'If it was not you, you can ignore this email. Your account is safe.',
  ];
  return {
    to,
    kind: 'signup_attempt',
    subject: `${brand.PRODUCT_NAME}: someone tried to sign up with your email`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [
      lines[0]!,
      { link: login, label: 'Log in' },
      { link: forgot, label: 'Reset password' },
      lines[2]!,
    ]),
    secrets: [],
  };
}

/** Who a mail is written for: where it goes, the name it greets, and the zone its times are written in. */
export interface MailReader {
  email: string;
  fullName: string;
  /** The member's own time zone, else the business's. */
  timeZone: string;
}

export function welcomeMail(brand: Branding, reader: MailReader, trialEndsAt: Date, now: Date): MailMessage {
  const to = reader.email;
  const title = `Welcome to ${brand.PRODUCT_NAME}, ${reader.fullName}`;
  const dashboard = publicLink(brand, PAGES['command-center'].path);
  const setup = publicLink(brand, PAGES['account-setup'].path);
  const lines = [
    'Your email address is confirmed and your account is ready.',
    `Your trial runs until ${formatMoment(trialEndsAt, { timeZone: reader.timeZone, now, zoneName: true, withDate: true })}. Until then the signal room shows you each signal once its 5-minute window has closed, with its result. To receive signals live, complete the account setup: ${setup}`,
    `Open your dashboard: ${dashboard}`,
  ];
  return {
    to,
    kind: 'welcome',
    subject: `Welcome to ${brand.PRODUCT_NAME}`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [lines[0]!, lines[1]!, { link: dashboard, label: 'Open your dashboard' }]),
    secrets: [],
  };
}

export function activationMail(brand: Branding, to: string, fullName: string, admissionCode: string): MailMessage {
  const title = `Activate your ${brand.PRODUCT_NAME} access`;
  const lines = [
    `Hello ${fullName}, here are the steps to activate your access.`,
    `1. Create your trading account with our partner broker${brand.contactsConfigured.brokerRegistration ? `: ${brand.BROKER_REGISTRATION_URL}` : ' (Account Setup shows how)'}.${brand.promoCode ? `\nUse promo code ${brand.promoCode} (the broker's bonus applies to deposits of $${PROMO_MIN_DEPOSIT_USD} or more).` : ''}`,
    `2. Fund your account: $${ACCESS_PATH_MIN_DEPOSIT_USD.manual}+ for manual trading access, $${ACCESS_PATH_MIN_DEPOSIT_USD.auto}+ for auto copy trading. The money stays in your own broker account.`,
    `3. Upload your proof of deposit in Account Setup: ${publicLink(brand, `${PAGES['account-setup'].path}?step=3`)}${brand.contactsConfigured.supportChat ? `\nOr send it to support ${brand.SUPPORT_HANDLE} (${brand.supportChatUrl}) and quote your access code ${admissionCode}.` : ''}`,
    'An admin unlocks your dashboard once the deposit is verified.',
  ];
  return {
    to,
    kind: 'activation',
    subject: `${brand.PRODUCT_NAME}: activate your access`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, lines),
    secrets: [],
  };
}

const TIER_NAMES = { silver: 'Silver', pro: 'Pro', gold: 'Gold' } as const;

/** The member's proof of deposit was approved: the tier granted and where to start. */
export function activationApprovedMail(
  brand: Branding,
  to: string,
  fullName: string,
  tier: keyof typeof TIER_NAMES,
): MailMessage {
  const title = 'Your access is active';
  const dashboard = publicLink(brand, PAGES['command-center'].path);
  const lines = [
    `Hello ${fullName}, your proof of deposit has been verified.`,
    `Your ${brand.PRODUCT_NAME} access is now unlocked at the ${TIER_NAMES[tier]} tier.`,
    `Open your dashboard: ${dashboard}`,
  ];
  return {
    to,
    kind: 'activation_approved',
    subject: `${brand.PRODUCT_NAME}: your access is active (${TIER_NAMES[tier]})`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [lines[0]!, lines[1]!, { link: dashboard, label: 'Open your dashboard' }]),
    secrets: [],
  };
}

/** The member's proof was rejected: the admin's reason (escaped in the HTML part) and how to try again. */
export function activationRejectedMail(brand: Branding, to: string, fullName: string, reason: string): MailMessage {
  const title = 'Your proof of deposit was not accepted';
  const setup = publicLink(brand, `${PAGES['account-setup'].path}?step=3`);
  const lines = [
    `Hello ${fullName}, we could not verify the proof of deposit you sent.`,
    `Reason: ${reason}`,
    `You can upload another proof in Account Setup: ${setup}`,
    brand.contactsConfigured.supportChat
      ? `Questions? Contact support ${brand.SUPPORT_HANDLE} (${brand.supportChatUrl}).`
      : `Questions? Open a ticket in the Support Hub: ${publicLink(brand, PAGES.support.path)}`,
  ];
  return {
    to,
    kind: 'activation_rejected',
    subject: `${brand.PRODUCT_NAME}: your proof of deposit was not accepted`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [lines[0]!, lines[1]!, { link: setup, label: 'Upload another proof' }, lines[3]!]),
    secrets: [],
  };
}

/**
 * Support answered one of the member's tickets: the reply as plain text (escaped in the HTML part, line
 * breaks kept) and the link to the thread.
 */
export function supportReplyMail(
  brand: Branding,
  to: string,
  fullName: string,
  ticket: { id: string; subject: string },
  reply: string,
): MailMessage {
  const title = `New reply on your ticket: ${ticket.subject}`;
  const link = publicLink(brand, `${PAGES.support.path}?ticket=${encodeURIComponent(ticket.id)}`);
  const lines = [
    `Hello ${fullName}, our support team replied to your ticket "${ticket.subject}":`,
    reply,
    `Read the conversation and reply in the Support Hub: ${link}`,
  ];
  return {
    to,
    kind: 'support_reply',
    subject: `${brand.PRODUCT_NAME}: new reply on your support ticket`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [lines[0]!, lines[1]!, { link, label: 'Open the ticket' }]),
    secrets: [],
  };
}

export function passwordResetMail(brand: Branding, to: string, token: string): MailMessage {
  const title = 'Reset your password';
  const link = publicLink(brand, `${PAGES['reset-password'].path}?token=${encodeURIComponent(token)}`);
  const ttl = minutes(LIMITS.resetTokenTtlMs);
  const lines = [
    `Someone asked to reset the password of your ${brand.PRODUCT_NAME} account.`,
    `Open this link to choose a new password (valid for ${ttl} minutes, works once): ${link}`,
    'If you did not ask for this, ignore this email: your password stays the same.',
  ];
  return {
    to,
    kind: 'password_reset',
    subject: `${brand.PRODUCT_NAME}: reset your password`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [
      lines[0]!,
      { link, label: 'Choose a new password' },
      `Valid for ${ttl} minutes, works once.`,
      lines[2]!,
    ]),
    secrets: [token, encodeURIComponent(token)],
  };
}

/** The code that confirms a new address (settings' e-mail change), sent to the new address. */
export function emailChangeCodeMail(brand: Branding, to: string, code: string): MailMessage {
  const ttl = minutes(LIMITS.confirmationCodeTtlMs);
  const title = 'Confirm your new email address';
  const settings = publicLink(brand, PAGES.settings.path);
  const lines = [
    `Your ${brand.PRODUCT_NAME} code to confirm this new email address is: ${code}`,
    `Enter it in your account settings (${settings}). It expires in ${ttl} minutes and works once.`,
    'If you did not ask to change your email address, you can ignore this email.',
  ];
  return {
    to,
    kind: 'email_change_code',
    subject: `${brand.PRODUCT_NAME}: confirm your new email address`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [
      lines[0]!,
      `Enter it in your account settings. It expires in ${ttl} minutes and works once.`,
      { link: settings, label: 'Open your account settings' },
      lines[2]!,
    ]),
    secrets: [code],
  };
}

/** Tells the old address that the account's e-mail was changed, and to whom. */
export function emailChangedNoticeMail(brand: Branding, to: string, newEmail: string): MailMessage {
  const title = 'Your email address was changed';
  const lines = [
    `The email address of your ${brand.PRODUCT_NAME} account was changed to ${newEmail}.`,
    `If you did not make this change, ${supportByEmail(brand)} at once.`,
  ];
  return {
    to,
    kind: 'email_change_notice',
    subject: `${brand.PRODUCT_NAME}: your email address was changed`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, lines),
    secrets: [],
  };
}

/** Tells the member their password was changed in settings (and the other sessions ended). */
export function passwordChangedMail(brand: Branding, to: string): MailMessage {
  const title = 'Your password was changed';
  const forgot = publicLink(brand, PAGES['forgot-password'].path);
  const lines = [
    `The password of your ${brand.PRODUCT_NAME} account was just changed, and every other session was logged out.`,
    `If this was not you, set a new password at ${forgot} and ${supportByEmail(brand)}.`,
  ];
  return {
    to,
    kind: 'password_changed',
    subject: `${brand.PRODUCT_NAME}: your password was changed`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, lines),
    secrets: [],
  };
}

/**
 * A live session of the Master Vault starts in 15 minutes. The time is written in the member's own
 * zone (the business's until they choose one), as the vault shows it.
 */
export function sessionReminderMail(
  brand: Branding,
  reader: MailReader,
  session: { title: string; host: string; startsAt: Date },
  now: Date,
): MailMessage {
  const { email: to, fullName } = reader;
  const title = `Starting soon: ${session.title}`;
  const link = publicLink(brand, PAGES.mentorship.path);
  const when = formatMoment(session.startsAt, { timeZone: reader.timeZone, now, zoneName: true });
  const lines = [
    `Hello ${fullName}, the live session "${session.title}" with ${session.host} starts in 15 minutes (${when}).`,
    `You asked for this reminder in the Master Vault: ${link}`,
  ];
  return {
    to,
    kind: 'session_reminder',
    subject: `${brand.PRODUCT_NAME}: ${session.title} starts in 15 minutes`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [lines[0]!, { link, label: 'Open the Master Vault' }]),
    secrets: [],
  };
}

/**
 * One of the member's webhook endpoints was disabled because its deliveries kept failing: nothing more
 * is sent to it until they enable it again in Profile Settings.
 */
export function webhookDisabledMail(
  brand: Branding,
  reader: MailReader,
  endpoint: { url: string; failedDeliveries: number; failingSince: Date },
  now: Date,
): MailMessage {
  const title = 'A webhook endpoint was disabled';
  const link = publicLink(brand, PAGES.settings.path);
  const since = formatMoment(endpoint.failingSince, { timeZone: reader.timeZone, now, zoneName: true });
  const lines = [
    `Hello ${reader.fullName}, we stopped sending webhooks to ${endpoint.url}: every try has failed since ${since}, retries included (each webhook is tried for more than a day).`,
    `Recent attempts with their errors are listed under Webhooks in Profile Settings, where you can enable the endpoint again once the receiver works, then recover what failed meanwhile: ${link}`,
  ];
  return {
    to: reader.email,
    kind: 'webhook_disabled',
    subject: `${brand.PRODUCT_NAME}: a webhook endpoint was disabled`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [lines[0]!, { link, label: 'Open Profile Settings' }]),
    secrets: [],
  };
}

/** Why an account's API keys were revoked together, as the e-mail says it. */
export type KeysRevokedBecause = 'password-reset' | 'password-change' | 'sessions-ended' | 'admin-sessions-ended';

const KEYS_REVOKED_BECAUSE: Record<KeysRevokedBecause, string> = {
  'password-reset': 'the password of your account was reset',
  'password-change': 'you changed your password and chose to revoke them',
  'sessions-ended': 'you logged out everywhere',
  'admin-sessions-ended': 'an admin logged your account out everywhere',
};

/**
 * The account's API keys were revoked with its recovery: which ones (name and first characters), and
 * that programs using them, their streams included, have stopped.
 */
export function apiKeysRevokedMail(
  brand: Branding,
  to: string,
  keys: { name: string; prefix: string }[],
  because: KeysRevokedBecause,
): MailMessage {
  const title = keys.length === 1 ? 'Your API key was revoked' : `Your ${keys.length} API keys were revoked`;
  const link = publicLink(brand, PAGES.settings.path);
  const named = keys.map((key) => `${key.name} (${key.prefix}…)`).join(', ');
  const lines = [
    `Because ${KEYS_REVOKED_BECAUSE[because]}, every API key of your ${brand.PRODUCT_NAME} account was revoked: ${named}. Programs using them are refused from now on, and their open streams were closed.`,
    `If you did this, make new keys for your programs in Profile Settings: ${link}`,
    `If this was not you, ${supportByEmail(brand)}.`,
  ];
  return {
    to,
    kind: 'api_keys_revoked',
    subject: `${brand.PRODUCT_NAME}: ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
    text: `${title}\n\n${lines.join('\n\n')}\n`,
    html: frame(brand, title, [lines[0]!, { link, label: 'Open Profile Settings' }, lines[2]!]),
    secrets: [],
  };
}
