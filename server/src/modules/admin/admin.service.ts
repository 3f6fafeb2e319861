import {
  AuthMessages,
  accessLevelFor,
  LIMITS,
  type Pagination,
  type TAccessUpdateRequest,
  type TAdminSearchQuery,
  type TAdminUsersQuery,
  type TDashboardCodeIssued,
  type TDashboardCodeIssueRequest,
  type TRoleUpdateRequest,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { replaceDashboardCode } from '../auth/auth.repository.js';
import { generateDashboardCode, hashDashboardCode } from '../auth/auth.secrets.js';
import { presentUser } from '../users/users.presenter.js';
import { findUserById, updateUser } from '../users/users.repository.js';
import { listUsersPage, lockAdmins, searchUsers } from './admin.repository.js';

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

/** Search by name, e-mail or access code; empty or whitespace-only text finds nothing without a query. */
export async function findUsers(ctx: ServerContext, query: TAdminSearchQuery): Promise<TUser[]> {
  const text = query.query.trim();
  if (!text) return [];
  return (await searchUsers(ctx.db, text, query.limit)).map(presentUser);
}

async function announce(ctx: ServerContext, userId: string): Promise<void> {
  // The realtime layer moves the member's sockets to the rooms of their new access.
  await ctx.events.accountChanged(userId);
}

/**
 * Sets a member's access (Grant Gold: gold, unlocked, deposited; Revoke: guest, locked, not deposited;
 * any other combination as sent). accessLevel is derived so it never contradicts the three.
 */
export async function updateAccess(ctx: ServerContext, userId: string, input: TAccessUpdateRequest): Promise<TUser> {
  const row = await updateUser(ctx.db, userId, {
    tier: input.tier,
    dashboard_unlocked: input.dashboardUnlocked,
    has_deposited: input.hasDeposited,
    access_level: accessLevelFor(input),
  });
  if (!row) throw AppError.notFound();
  await announce(ctx, userId);
  return presentUser(row);
}

/**
 * Grants or revokes the admin role. Admin rows are locked first, so two admins revoking each other at
 * the same moment cannot leave the product without an admin.
 */
export async function setRole(ctx: ServerContext, userId: string, input: TRoleUpdateRequest): Promise<TUser> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const admins = await lockAdmins(trx);
    if (input.role === 'member' && admins.includes(userId) && admins.length <= 1) {
      throw AppError.conflict(AuthMessages.lastAdmin);
    }
    return updateUser(trx, userId, { role: input.role });
  });
  if (!row) throw AppError.notFound();
  await announce(ctx, userId);
  return presentUser(row);
}

/**
 * Issues a member's one-time dashboard code (replacing an unused one), valid for 7 days; the plain code
 * is returned once.
 */
export async function issueDashboardCode(
  ctx: ServerContext,
  admin: TUser,
  userId: string,
  input: TDashboardCodeIssueRequest,
): Promise<TDashboardCodeIssued> {
  const member = await findUserById(ctx.db, userId);
  if (!member) throw AppError.notFound();
  const code = generateDashboardCode();
  const expiresAt = new Date(ctx.now().getTime() + LIMITS.dashboardCodeTtlMs);
  await replaceDashboardCode(ctx.db, {
    userId,
    codeHash: hashDashboardCode(userId, code),
    tier: input.tier ?? null,
    createdBy: admin.id,
    expiresAt,
  });
  return { userId, code, tier: input.tier ?? null, expiresAt: expiresAt.toISOString() };
}
