import { z } from 'zod';
import { ZRevokedApiKey } from './api-keys.js';
import { ZInstant } from './iso-date.js';
import { Messages } from './messages.js';
import { zEmailText, zFlag, zText } from './request-fields.js';
import { FORMER_MEMBER_NAME } from './support.js';

/** Words of the settings calls and page (messages the product's screens do not give are ours). */
export const SettingsMessages = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordChanged: 'Password changed. Your other sessions have been logged out.',
  revokeApiKeysInvalid: 'revokeApiKeys must be true or false.',
  /** After a change of password or a log-out everywhere: which keys went with the sessions. */
  apiKeysRevoked: (count: number) =>
    count === 0 ? '' : ` ${count === 1 ? 'Your API key was' : `Your ${count} API keys were`} revoked too.`,
  sessionsListed: 'Active sessions',
  sessionNotFound: 'Session not found',
  sessionRevoked: 'Session logged out',
  otherSessionsRevoked: 'Logged out of every other session',
  notificationsListed: 'Notification settings',
  notificationsSaved: 'Notification settings saved',
  emailChangeSame: 'This is already your email address',
  emailChangeSent: 'We sent a confirmation code to your new email address. Enter it to finish the change.',
  emailChangeNoPending: 'There is no pending email change. Request a new code.',
  emailChanged: 'Email address changed',
  /** The new address already belongs to an account (the member is signed in, so this reveals little). */
  emailTaken: 'This email address is already in use by another account',
  deletePasswordRequired: 'Enter your password to confirm',
  deletePasswordIncorrect: 'Password is incorrect. Your membership was not cancelled.',
  lastAdminDelete: 'You are the last admin. Make another member an admin before cancelling your membership.',
  accountDeleted: 'Your membership has been cancelled and your data deleted.',
  deleteConfirm: 'This cannot be undone. Your account, sessions and personal data will be deleted permanently.',
  /** Name that replaces a deleted member's in records others keep. */
  formerMember: FORMER_MEMBER_NAME,
} as const;

/** POST /api/users/password. */
export const ZPasswordChangeRequest = z
  .object({
    currentPassword: zText({ max: 200, required: SettingsMessages.currentPasswordRequired }),
    newPassword: zText({ max: 200, required: Messages.signup.passwordRequired }),
    /** Revoke every API key with the other sessions (default true: a changed password ends what the old one made). */
    revokeApiKeys: zFlag(SettingsMessages.revokeApiKeysInvalid).default(true),
  })
  .strict();
export type TPasswordChangeRequest = z.infer<typeof ZPasswordChangeRequest>;

/** What a change of password or a log-out everywhere ended besides sessions: the API keys it revoked. */
export const ZRevokedKeys = z.object({ revokedKeys: z.array(ZRevokedApiKey) });
export type TRevokedKeys = z.infer<typeof ZRevokedKeys>;

/** One live session of the member, as the sessions list shows it. */
export const ZMemberSession = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  createdAt: ZInstant,
  lastSeenAt: ZInstant,
  current: z.boolean(),
});
export type TMemberSession = z.infer<typeof ZMemberSession>;

/** The member's notification choices. */
export const ZNotificationSettings = z
  .object({
    signals: zFlag('signals must be true or false.'),
    trades: zFlag('trades must be true or false.'),
    marketing: zFlag('marketing must be true or false.'),
    security: zFlag('security must be true or false.'),
  })
  .strict();
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** What a member who never saved a choice gets. */
export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  signals: true,
  trades: true,
  marketing: false,
  security: true,
};

/** POST /api/users/email-change. */
export const ZEmailChangeRequest = z.object({ newEmail: zEmailText(Messages.signup.emailRequired) }).strict();
export type TEmailChangeRequest = z.infer<typeof ZEmailChangeRequest>;

/** POST /api/users/email-change/confirm. */
export const ZEmailChangeConfirmRequest = z
  .object({ confirmationCode: zText({ max: 40, required: Messages.confirmation.codeRequired }) })
  .strict();
export type TEmailChangeConfirmRequest = z.infer<typeof ZEmailChangeConfirmRequest>;

/** DELETE /api/users/me. */
export const ZDeleteAccountRequest = z
  .object({ password: zText({ max: 200, required: SettingsMessages.deletePasswordRequired }) })
  .strict();
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
