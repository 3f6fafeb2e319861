import { z } from 'zod';
import {
  ZAdminSearchQuery,
  ZAdminUsersQuery,
  ZDashboardCodeIssued,
  ZDashboardCodeIssueRequest,
  ZRoleUpdateRequest,
} from '../admin.schemas.js';
import { ZAccessUpdateRequest } from '../auth.schemas.js';
import { ZUser } from '../user.js';
import { defineRoute } from './contract.js';

/** A member id in the path; the server answers 404 for anything that is not an id (it names nobody). */
const ZMemberParams = z.object({ id: z.string() });

/** Admin member management. */
export const AdminContract = {
  listUsers: defineRoute({
    method: 'GET',
    path: '/admin/users',
    group: 'admin',
    summary: 'One page of members',
    query: ZAdminUsersQuery,
    data: z.array(ZUser),
    paged: true,
  }),
  searchUsers: defineRoute({
    method: 'GET',
    path: '/admin/users/search',
    group: 'admin',
    summary: 'Members matching a text',
    query: ZAdminSearchQuery,
    data: z.array(ZUser),
  }),
  updateAccess: defineRoute({
    method: 'PATCH',
    path: '/admin/users/:id/access',
    group: 'admin',
    summary: "Change a member's tier, dashboard lock and deposit flag",
    params: ZMemberParams,
    body: ZAccessUpdateRequest,
    data: ZUser,
  }),
  setRole: defineRoute({
    method: 'POST',
    path: '/admin/users/:id/role',
    group: 'admin',
    summary: 'Grant or remove the admin role',
    params: ZMemberParams,
    body: ZRoleUpdateRequest,
    data: ZUser,
  }),
  issueDashboardCode: defineRoute({
    method: 'POST',
    path: '/admin/users/:id/dashboard-code',
    group: 'admin',
    summary: "Issue a member's one-time dashboard code (shown once)",
    params: ZMemberParams,
    body: ZDashboardCodeIssueRequest,
    data: ZDashboardCodeIssued,
    status: 201,
  }),
} as const;
