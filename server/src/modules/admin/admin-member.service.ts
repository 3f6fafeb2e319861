import {
  dayKeyInZone,
  MEMBER_DETAIL_LIMITS,
  SettingsMessages,
  signalAccessMode,
  type TAdminMemberDetail,
  type TMemberSignalsToday,
  type TRevokedApiKey,
  type TUser,
  toIso,
} from '@signalroom/shared';
import { countIssuedAndClosedOfDay } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { sessionIdleCutoff } from '../../http/guards.js';
import { isUuid } from '../../http/parse.js';
import {
  listLiveSessionsOfUser,
  revokeAllSessionsOfUser,
  revokeSessionOfUser,
} from '../../sessions/sessions.repository.js';
import { presentUser } from '../../sessions/user-row.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { auditTrailOf } from '../audit/audit-list.service.js';
import { dailyAllowanceOf } from '../signals/signals.service.js';
import { lockMemberRow, tierHistoryOf } from '../tier-grants/tier-grants.service.js';
import { tellKeysRevoked } from '../users/account-security.service.js';
import { revokeAllKeysOfUser } from '../users/api-keys.repository.js';
import { describeUserAgent } from '../users/user-agent.js';
import { findUserById } from '../users/users.repository.js';
import { findLastSeen, listApplicationsOfEmail, listTicketsOfUser } from './admin-member.repository.js';

/**
 * Signals of the operator's day that reached the member: in the live room those within the tier's
 * allowance (the first N of each allowance pool), in the trial those whose primary window has closed,
 * otherwise none.
 */
async function signalsToday(ctx: ServerContext, user: TUser, now: Date): Promise<TMemberSignalsToday> {
  const mode = signalAccessMode(user, now);
  const limit = mode === 'full' ? dailyAllowanceOf(ctx, user) : null;
  const day = await countIssuedAndClosedOfDay(ctx.db, dayKeyInZone(now, ctx.config.TIME_ZONE), now, limit);
  if (mode === 'none') return { issued: day.issued, received: 0, limit: null, mode };
  if (mode === 'delayed') return { issued: day.issued, received: day.closed, limit: null, mode };
  return { issued: day.issued, received: day.inFull, limit, mode };
}

/** Everything the member detail page shows, read at once; 404 for an unknown member. */
export async function memberDetail(ctx: ServerContext, userId: string): Promise<TAdminMemberDetail> {
  const row = await findUserById(ctx.db, userId);
  if (!row) throw AppError.notFound();
  const user = presentUser(row);
  const now = ctx.now();
  const [lastSeen, sessions, tierHistory, applications, tickets, audit, today] = await Promise.all([
    findLastSeen(ctx.db, userId),
    listLiveSessionsOfUser(ctx.db, userId, now, sessionIdleCutoff(ctx, now)),
    tierHistoryOf(ctx, userId, MEMBER_DETAIL_LIMITS.tierHistory),
    listApplicationsOfEmail(ctx.db, row.email, MEMBER_DETAIL_LIMITS.applications),
    listTicketsOfUser(ctx.db, userId, MEMBER_DETAIL_LIMITS.tickets),
    auditTrailOf(ctx, userId, MEMBER_DETAIL_LIMITS.audit),
    signalsToday(ctx, user, now),
  ]);
  return {
    user,
    lastSeenAt: lastSeen ? lastSeen.toISOString() : null,
    signalsToday: today,
    tierHistory,
    sessions: sessions.map((s) => ({
      id: s.id,
      ...describeUserAgent(s.user_agent),
      ip: s.ip,
      createdAt: toIso(s.created_at),
      lastSeenAt: toIso(s.last_seen_at),
    })),
    botAccessApplications: applications.map((a) => ({
      id: a.id,
      fullName: a.full_name,
      status: a.status,
      createdAt: toIso(a.created_at),
    })),
    supportTickets: tickets.map((t) => ({
      id: t.id,
      subject: t.subject,
      status: t.status,
      lastMessageAt: toIso(t.last_message_at),
    })),
    audit,
  };
}

/**
 * Logs out one of a member's sessions (sessionId) or all of them (null), with its audit row in the same
 * transaction; the member's sockets on those sessions close at once. All of them ends the member's API
 * keys too (their streams close; the member is mailed which). 404 for an unknown member, or a
 * session id that is not one of the member's live sessions.
 */
export async function revokeMemberSessions(
  ctx: ServerContext,
  actor: AuditActor,
  userId: string,
  sessionId: string | null,
): Promise<{ revoked: number }> {
  if (sessionId !== null && !isUuid(sessionId)) throw AppError.notFound(SettingsMessages.sessionNotFound);
  const now = ctx.now();
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const member = await lockMemberRow(trx, userId);
    if (!member) throw AppError.notFound();
    let count: number;
    let keys: TRevokedApiKey[] = [];
    if (sessionId === null) {
      count = await revokeAllSessionsOfUser(trx, userId, now);
      // Logged out everywhere: the keys a session made go too.
      keys = await revokeAllKeysOfUser(trx, userId, now, 'admin-sessions-ended');
    } else if (await revokeSessionOfUser(trx, userId, sessionId, now)) count = 1;
    else throw AppError.notFound(SettingsMessages.sessionNotFound);
    await recordAudit(trx, {
      actor,
      action: sessionId === null ? 'member.sessions-revoke' : 'member.session-revoke',
      targetType: 'member',
      targetId: userId,
      targetLabel: member.email,
      before: sessionId === null ? { liveSessions: count } : { sessionId },
      after: sessionId === null ? { revoked: count, revokedApiKeys: keys.length } : { revoked: count },
    });
    return { count, keys, email: member.email };
  });
  if (revoked.count > 0 || revoked.keys.length > 0) await ctx.events.accountChanged(userId);
  tellKeysRevoked(ctx, revoked.email, revoked.keys, 'admin-sessions-ended');
  return { revoked: revoked.count };
}
