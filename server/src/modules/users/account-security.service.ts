import {
  checkSignupPassword,
  SettingsMessages,
  type TMemberSession,
  type TPasswordChangeRequest,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { sessionIdleCutoff } from '../../http/guards.js';
import { hashSecret } from '../../http/tokens.js';
import { hashPassword, verifyPassword } from '../credentials/credentials.secrets.js';
import { brandOf, getMailer } from '../mail/mail.service.js';
import { passwordChangedMail } from '../mail/mail.templates.js';
import { listLiveSessionsOfUser, revokeOtherSessionsOfUser, revokeSessionOfUser } from './sessions.repository.js';
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
 * Settings' password change: the current password proves the member, the new one passes the sign-up
 * rules; the hash changes and every other session ends in one transaction, their sockets drop at once
 * and the member gets a notice by mail.
 */
export async function changePassword(
  ctx: ServerContext,
  user: TUser,
  sessionToken: string,
  input: TPasswordChangeRequest,
  linkBase?: string,
): Promise<void> {
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
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await revokeOtherSessionsOfUser(trx, user.id, hashSecret(sessionToken), ctx.now());
  });
  await ctx.events.accountChanged(user.id);
  getMailer(ctx).dispatch(passwordChangedMail(brandOf(ctx, linkBase), user.email));
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

/** "Log out everywhere else": every session of the member but this one ends, sockets included. */
export async function revokeOtherSessions(ctx: ServerContext, user: TUser, sessionToken: string): Promise<number> {
  const revoked = await revokeOtherSessionsOfUser(ctx.db, user.id, hashSecret(sessionToken), ctx.now());
  if (revoked > 0) await ctx.events.accountChanged(user.id);
  return revoked;
}
