import {
  AuthMessages,
  Messages,
  ZAccessUpdateRequest,
  ZAdminSearchQuery,
  ZAdminUsersQuery,
  ZDashboardCodeIssueRequest,
  ZRoleUpdateRequest,
} from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../../http/guards.js';
import { parseWith } from '../../http/parse.js';
import { findUsers, issueDashboardCode, listUsers, setRole, updateAccess } from './admin.service.js';

const ZUserParams = z.object({ id: z.uuid() });

/** A member id from the path; anything that is not an id cannot name a member (404). */
function userIdOf(request: FastifyRequest): string {
  const result = ZUserParams.safeParse(request.params);
  if (!result.success) throw AppError.notFound();
  return result.data.id;
}

/** Admin user management (spec section 7); every call needs an admin (401 without a session, 403 else). */
export async function registerAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/admin/users', { config: { takesQuery: true } }, async (request) => {
    await requireAdmin(ctx, request);
    const { users, pagination } = await listUsers(ctx, parseWith(ZAdminUsersQuery, request.query, 'query'));
    return ok(users, users.length ? 'OK' : Messages.admin.noUsers, pagination);
  });

  app.get('/admin/users/search', { config: { takesQuery: true } }, async (request) => {
    await requireAdmin(ctx, request);
    const users = await findUsers(ctx, parseWith(ZAdminSearchQuery, request.query, 'query'));
    return ok(users, users.length ? 'OK' : Messages.admin.noUsersMatching);
  });

  app.patch('/admin/users/:id/access', async (request) => {
    await requireAdmin(ctx, request);
    const id = userIdOf(request);
    const user = await updateAccess(ctx, id, parseWith(ZAccessUpdateRequest, request.body));
    return ok(user, AuthMessages.accessUpdated);
  });

  app.post('/admin/users/:id/role', async (request) => {
    await requireAdmin(ctx, request);
    const id = userIdOf(request);
    return ok(await setRole(ctx, id, parseWith(ZRoleUpdateRequest, request.body)), AuthMessages.roleUpdated);
  });

  app.post('/admin/users/:id/dashboard-code', async (request, reply) => {
    const admin = await requireAdmin(ctx, request);
    const id = userIdOf(request);
    const issued = await issueDashboardCode(ctx, admin, id, parseWith(ZDashboardCodeIssueRequest, request.body));
    return reply.status(201).send(ok(issued, AuthMessages.dashboardCodeIssued));
  });
}
