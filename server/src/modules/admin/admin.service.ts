import {
  AuthMessages,
  LIMITS,
  type Pagination,
  type TAccessUpdateRequest,
  type TAdminSearchQuery,
  type TAdminUsersQuery,
  type TDashboardCodeIssued,
  type TDashboardCodeIssueRequest,
  type TRoleUpdateRequest,
  type TUser,
  tierExpiryIssue,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { presentUser } from '../../sessions/user-row.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { replaceDashboardCode } from '../auth/auth.repository.js';
import { generateDashboardCode, hashDashboardCode } from '../credentials/credentials.secrets.js';
import { announceNotification, recordNotification } from '../notifications/notifications.service.js';
import { scheduleTierExpiry } from '../tier-grants/tier-expiry.task.js';
import { applyAccessChange, lockMemberRow } from '../tier-grants/tier-grants.service.js';
import { lockAdmins, type UserRow, updateUser } from '../users/users.repository.js';
import { listUsersPage, searchUsers } from './admin.repository.js';

/** The paged member list of the admin page (page size 50 by default). */
export async function listUsers(
  ctx: ServerContext,
  query: TAdminUsersQuery,
): Promise<{ users: TUser[]; pagination: Pagination }> {
  const { rows, total } = await listUsersPage(ctx.db, (query.page - 1) * query.limit, query.limit);
  return {
    users: rows.map(presentUser),
    pagination: { total, pages: Math.max(1, Math.ceil(total / query.limit)), current: query.page },
  };
}

/**
 * Search by name, e-mail or access code; empty or whitespace-only text finds nothing without a query.
 * The pagination's total is how many match in all (one page of at most `limit` is answered).
 */
export async function findUsers(
  ctx: ServerContext,
  query: TAdminSearchQuery,
): Promise<{ users: TUser[]; pagination: Pagination }> {
  const text = query.query.trim();
  if (!text) return { users: [], pagination: { total: 0, pages: 1, current: 1 } };
  const { rows, total } = await searchUsers(ctx.db, text, query.limit);
  return {
    users: rows.map(presentUser),
    pagination: { total, pages: Math.max(1, Math.ceil(total / query.limit)), current: 1 },
  };
}

async function announce(ctx: ServerContext, userId: string): Promise<void> {
  // The realtime layer moves the member's sockets to the rooms of their new access.
  await ctx.events.accountChanged(userId);
}

/** The access fields an audit row shows before and after a change. */
function accessSnapshot(row: UserRow) {
  return {
    tier: row.tier,
    dashboardUnlocked: row.dashboard_unlocked,
    hasDeposited: row.has_deposited,
    tierExpiresAt: row.tier_expires_at ? new Date(row.tier_expires_at).toISOString() : null,
  };
}

/**
 * Sets a member's access (Grant Gold: gold, unlocked, deposited; Revoke: guest, locked, not deposited;
 * any other combination as sent), optionally until a time: then a scheduled task returns the member to
 * the access they had before. accessLevel is derived so it never contradicts the three. The change, its
 * tier history row and its audit row commit together; the expiry is scheduled once they have.
 */
export async function updateAccess(
  ctx: ServerContext,
  actor: AuditActor,
  userId: string,
  input: TAccessUpdateRequest,
): Promise<TUser> {
  const at = ctx.now();
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  if (expiresAt) {
    const issue = tierExpiryIssue(input.tier, expiresAt, at);
    if (issue) throw AppError.validation(issue, { expiresAt: issue });
  }
  const reason = input.reason?.trim() || null;
  const { row, grant, notice } = await ctx.db.transaction().execute(async (trx) => {
    const member = await lockMemberRow(trx, userId);
    if (!member) throw AppError.notFound();
    const change = { ...input, expiresAt, reason };
    const applied = await applyAccessChange(trx, member, change, actor, at);
    const before = accessSnapshot(member);
    const after = accessSnapshot(applied.row);
    await recordAudit(trx, {
      actor,
      action: 'member.access',
      targetType: 'member',
      targetId: member.id,
      targetLabel: member.email,
      before,
      after,
      reason,
    });
    // The member hears of a change they would notice (tier, lock, or its end), not of a save that kept all.
    const changed =
      before.tier !== after.tier ||
      before.dashboardUnlocked !== after.dashboardUnlocked ||
      before.tierExpiresAt !== after.tierExpiresAt;
    const notice = changed
      ? await recordNotification(
          trx,
          member.id,
          {
            kind: 'tier-changed',
            data: {
              grantId: applied.grant.id,
              tier: after.tier,
              previousTier: before.tier,
              dashboardUnlocked: after.dashboardUnlocked,
              expiresAt: after.tierExpiresAt,
            },
          },
          applied.grant.id,
          at,
        )
      : null;
    return { ...applied, notice };
  });
  if (grant.expires_at) {
    await scheduleTierExpiry(ctx, grant.id, new Date(grant.expires_at), new Date(grant.granted_at));
  }
  await announce(ctx, userId);
  await announceNotification(ctx, notice);
  return presentUser(row);
}

/**
 * Sets a member's role (member, analyst or admin). Admin rows are locked first, so two admins revoking each other at
 * the same moment cannot leave the product without an admin.
 */
export async function setRole(
  ctx: ServerContext,
  actor: AuditActor,
  userId: string,
  input: TRoleUpdateRequest,
): Promise<TUser> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx);
    if (input.role !== 'admin' && admins.includes(userId) && admins.length <= 1) {
      throw AppError.conflict(AuthMessages.lastAdmin);
    }
    const member = await lockMemberRow(trx, userId);
    if (!member) throw AppError.notFound();
    const updated = await updateUser(trx, userId, { role: input.role });
    await recordAudit(trx, {
      actor,
      action: 'member.role',
      targetType: 'member',
      targetId: userId,
      targetLabel: member.email,
      before: { role: member.role },
      after: { role: input.role },
    });
    return updated;
  });
  if (!row) throw AppError.notFound();
  await announce(ctx, userId);
  return presentUser(row);
}

/**
 * Issues a member's one-time dashboard code (replacing an unused one), valid for 7 days; the plain code
 * is returned once and never stored or audited (only its tier and expiry are).
 */
export async function issueDashboardCode(
  ctx: ServerContext,
  actor: AuditActor,
  userId: string,
  input: TDashboardCodeIssueRequest,
): Promise<TDashboardCodeIssued> {
  const code = generateDashboardCode();
  const tier = input.tier ?? null;
  const expiresAt = new Date(ctx.now().getTime() + LIMITS.dashboardCodeTtlMs);
  await ctx.db.transaction().execute(async (trx) => {
    const member = await lockMemberRow(trx, userId);
    if (!member) throw AppError.notFound();
    // Redeeming unlocks the dashboard and sets the tier: a guest's code without a tier, or a code for
    // the tier an unlocked member already has, would be welcomed with "unlocked" on a page unchanged.
    const granted = tier ?? member.tier;
    if (granted === 'guest' || (granted === member.tier && member.dashboard_unlocked)) {
      const message = AuthMessages.dashboardCodeChangesNothing(granted);
      throw AppError.validation(message, { tier: message });
    }
    const replaced = await replaceDashboardCode(trx, {
      userId,
      codeHash: hashDashboardCode(userId, code),
      tier,
      createdBy: actor.id,
      expiresAt,
    });
    await recordAudit(trx, {
      actor,
      action: 'member.dashboard-code',
      targetType: 'member',
      targetId: userId,
      targetLabel: member.email,
      before: { unusedCodeReplaced: replaced },
      after: { tier, expiresAt: expiresAt.toISOString() },
    });
  });
  return { userId, code, tier, expiresAt: expiresAt.toISOString() };
}
