import { AdminContract, AuthMessages, Messages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { findUsers, issueDashboardCode, listUsers, setRole, updateAccess } from './admin.service.js';

const ZMemberId = z.uuid();

/** A member id from the path; anything that is not an id cannot name a member (404). */
function memberIdOf(params: { id: string }): string {
  const result = ZMemberId.safeParse(params.id);
  if (!result.success) throw AppError.notFound();
  return result.data;
}

/** Admin user management; every call needs an admin (401 without a session, 403 else). */
export async function registerAdminRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'admin', (scope) => {
    serve(scope, AdminContract.listUsers, async (request) => {
      const { users, pagination } = await listUsers(ctx, request.query);
      return ok(users, users.length ? 'OK' : Messages.admin.noUsers, pagination);
    });

    serve(scope, AdminContract.searchUsers, async (request) => {
      const users = await findUsers(ctx, request.query);
      return ok(users, users.length ? 'OK' : Messages.admin.noUsersMatching);
    });

    serve(scope, AdminContract.updateAccess, async (request) => {
      const user = await updateAccess(ctx, memberIdOf(request.params), request.body);
      return ok(user, AuthMessages.accessUpdated);
    });

    serve(scope, AdminContract.setRole, async (request) => {
      const user = await setRole(ctx, memberIdOf(request.params), request.body);
      return ok(user, AuthMessages.roleUpdated);
    });

    serve(scope, AdminContract.issueDashboardCode, async (request) => {
      const id = memberIdOf(request.params);
      const issued = await issueDashboardCode(ctx, memberOf(request), id, request.body);
      return ok(issued, AuthMessages.dashboardCodeIssued);
    });
  });
}
