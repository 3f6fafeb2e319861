import { z } from 'zod';
import {
  ZAdminSearchQuery,
  ZAdminUsersQuery,
  ZDashboardCodeIssued,
  ZDashboardCodeIssueRequest,
  ZRoleUpdateRequest,
} from '../admin.schemas.js';
import { ZAdminMemberDetail, ZSessionsRevoked } from '../admin-member.js';
import { ZAccessUpdateRequest } from '../auth.schemas.js';
import { ZUser } from '../user.js';
import { type RouteTable, withSchemas } from './contract.js';

/** A member id in the path; the server answers 404 for anything that is not an id (it names nobody). */
const ZMemberParams = z.object({ id: z.string() });

/** Admin member management: where each call lives and who may make it. */
export const AdminRoutes = {
  listUsers: { method: 'GET', path: '/admin/users', group: 'admin', paged: true },
  searchUsers: { method: 'GET', path: '/admin/users/search', group: 'admin', paged: true },
  updateAccess: { method: 'PATCH', path: '/admin/users/:id/access', group: 'admin' },
  setRole: { method: 'POST', path: '/admin/users/:id/role', group: 'admin' },
  issueDashboardCode: { method: 'POST', path: '/admin/users/:id/dashboard-code', group: 'admin', status: 201 },
  memberDetail: { method: 'GET', path: '/admin/users/:id', group: 'admin' },
  revokeMemberSession: { method: 'DELETE', path: '/admin/users/:id/sessions/:sessionId', group: 'admin' },
  revokeMemberSessions: { method: 'DELETE', path: '/admin/users/:id/sessions', group: 'admin' },
} as const satisfies RouteTable;

/** What each of AdminRoutes takes and answers. */
export const AdminContract = /* @__PURE__ */ withSchemas(AdminRoutes, {
  listUsers: {
    summary: 'One page of members',
    query: ZAdminUsersQuery,
    data: z.array(ZUser),
  },
  searchUsers: {
    summary: 'Members matching a text',
    query: ZAdminSearchQuery,
    data: z.array(ZUser),
  },
  updateAccess: {
    summary: "Change a member's tier, dashboard lock and deposit flag",
    params: ZMemberParams,
    body: ZAccessUpdateRequest,
    data: ZUser,
  },
  setRole: {
    summary: "Set a member's role: member, analyst (publishes on the desk) or admin",
    // Removing the last admin.
    raises: ['conflict'],
    params: ZMemberParams,
    body: ZRoleUpdateRequest,
    data: ZUser,
  },
  issueDashboardCode: {
    summary: "Issue a member's one-time dashboard code (shown once)",
    params: ZMemberParams,
    body: ZDashboardCodeIssueRequest,
    data: ZDashboardCodeIssued,
  },
  memberDetail: {
    summary: "A member's profile, tier history, sessions, signals today, applications, tickets and audit trail",
    params: ZMemberParams,
    data: ZAdminMemberDetail,
  },
  revokeMemberSession: {
    summary: "Log out one of a member's sessions",
    params: z.object({ id: z.string(), sessionId: z.string() }),
    data: ZSessionsRevoked,
  },
  revokeMemberSessions: {
    summary: 'Log out every session of a member',
    params: ZMemberParams,
    data: ZSessionsRevoked,
  },
});
