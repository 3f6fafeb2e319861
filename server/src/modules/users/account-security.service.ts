import {
  checkSignupPassword,
  SettingsMessages,
  type TMemberSession,
  type TPasswordChangeRequest,
  type TRevokedApiKey,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { sessionIdleCutoff } from '../../http/guards.js';
import { hashSecret } from '../../http/tokens.js';
import {
  listLiveSessionsOfUser,
  revokeOtherSessionsOfUser,
  revokeSessionOfUser,
} from '../../sessions/sessions.repository.js';
import { hashPassword, verifyPassword } from '../credentials/credentials.secrets.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { apiKeysRevokedMail, type KeysRevokedBecause, passwordChangedMail } from '../mail/mail.templates.js';
import { revokeAllKeysOfUser } from './api-keys.repository.js';
import { describeUserAgent } from './user-agent.js';
import { findPasswordHash, updateUser } from './users.repository.js';

/** Refuses with 400 and `message` on `field` unless `password` is the member's current password. */
export async function assertPassword(
  ctx: ServerContext,
  userId: string,
  password: string,
  refusal: { field: string; message: string },
): Promise<void> {
  const stored = await findPasswordHash(ctx.db, userId);
  if (!(await verifyPassword(stored, password))) {
    throw AppError.validation(refusal.message, { [refusal.field]: refusal.message });
  }
}

/**
 * Tells the member, by e-mail, which API keys an account recovery revoked (nothing when it revoked
 * none): programs stop at once, so the member must know which to give a new key.
 */
export function tellKeysRevoked(
  ctx: ServerContext,
  email: string,
  keys: TRevokedApiKey[],
  because: KeysRevokedBecause,
  linkBase?: string,
): void {
  if (keys.length === 0) return;
  getMailer(ctx).dispatch(apiKeysRevokedMail(brandOf(ctx, linkBase), email, keys, because));
}

/**
 * Settings' password change: the current password proves the member, the new one passes the sign-up
 * rules; the hash changes, every other session ends and (unless the member unticks it) every API key is
 * revoked, in one transaction; their sockets and streams drop at once and the member gets a notice by
 * mail. Answers the keys revoked.
 */
export async function changePassword(
  ctx: ServerContext,
  user: TUser,
  sessionToken: string,
  input: TPasswordChangeRequest,
  linkBase?: string,
): Promise<TRevokedApiKey[]> {
  if (!input.currentPassword) {
    const message = SettingsMessages.currentPasswordRequired;
    throw AppError.validation(message, { currentPassword: message });
  }
  const issue = checkSignupPassword(input.newPassword);
  if (issue) throw AppError.validation(issue, { newPassword: issue });
  await assertPassword(ctx, user.id, input.currentPassword, {
    field: 'currentPassword',
    message: SettingsMessages.currentPasswordIncorrect,
  });
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.now();
  const revokedKeys = await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await revokeOtherSessionsOfUser(trx, user.id, hashSecret(sessionToken), now);
    return input.revokeApiKeys === false ? [] : revokeAllKeysOfUser(trx, user.id, now, 'password-change');
  });
  await ctx.events.accountChanged(user.id);
  getMailer(ctx).dispatch(passwordChangedMail(brandOf(ctx, linkBase), user.email));
  tellKeysRevoked(ctx, user.email, revokedKeys, 'password-change', linkBase);
  return revokedKeys;
}

/** The member's live sessions, browser and system read from each one's user agent. */
export async function listSessions(ctx: ServerContext, user: TUser, sessionToken: string): Promise<TMemberSession[]> {
  const now = ctx.now();
  const rows = await listLiveSessionsOfUser(ctx.db, user.id, now, sessionIdleCutoff(ctx, now));
  const currentHash = hashSecret(sessionToken);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.user_agent),
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
    current: row.token_hash === currentHash,
  }));
}

/** Ends one of the member's sessions; 404 for an id that is not a live session of theirs. */
export async function revokeSession(ctx: ServerContext, user: TUser, sessionId: string): Promise<void> {
  // Anything but a uuid names no session; the database would refuse it as input, not as absent.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) {
    throw AppError.notFound(SettingsMessages.sessionNotFound);
  }
  const revoked = await revokeSessionOfUser(ctx.db, user.id, sessionId, ctx.now());
  if (!revoked) throw AppError.notFound(SettingsMessages.sessionNotFound);
  await ctx.events.accountChanged(user.id);
}

/**
 * "Log out everywhere else": every session of the member but this one ends, and every API key is
 * revoked (a stolen session may have made one), in one transaction; sockets and streams close at once
 * and the member is mailed which keys went.
 */
export async function revokeOtherSessions(
  ctx: ServerContext,
  user: TUser,
  sessionToken: string,
  linkBase?: string,
): Promise<{ revoked: number; revokedKeys: TRevokedApiKey[] }> {
  const now = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => ({
    revoked: await revokeOtherSessionsOfUser(trx, user.id, hashSecret(sessionToken), now),
    revokedKeys: await revokeAllKeysOfUser(trx, user.id, now, 'sessions-ended'),
  }));
  if (result.revoked > 0 || result.revokedKeys.length > 0) await ctx.events.accountChanged(user.id);
  tellKeysRevoked(ctx, user.email, result.revokedKeys, 'sessions-ended', linkBase);
  return result;
}
