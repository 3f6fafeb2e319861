import { AdminContract, AuthMessages, Messages, SettingsMessages } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { routeGroup } from '../../http/route-groups.js';
import { auditActorOf } from '../audit/audit-actor.js';
import { findUsers, issueDashboardCode, listUsers, setRole, updateAccess } from './admin.service.js';
import { memberDetail, revokeMemberSessions } from './admin-member.service.js';

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
      const { users, pagination } = await findUsers(ctx, request.query);
      return ok(users, users.length ? 'OK' : Messages.admin.noUsersMatching, pagination);
    });

    serve(scope, AdminContract.updateAccess, async (request) => {
      const user = await updateAccess(ctx, auditActorOf(request), memberIdOf(request.params), request.body);
      return ok(user, AuthMessages.accessUpdated);
    });

    serve(scope, AdminContract.setRole, async (request) => {
      const user = await setRole(ctx, auditActorOf(request), memberIdOf(request.params), request.body);
      return ok(user, AuthMessages.roleUpdated);
    });

    serve(scope, AdminContract.issueDashboardCode, async (request) => {
      const id = memberIdOf(request.params);
      const issued = await issueDashboardCode(ctx, auditActorOf(request), id, request.body);
      return ok(issued, AuthMessages.dashboardCodeIssued);
    });

    serve(scope, AdminContract.memberDetail, async (request) =>
      ok(await memberDetail(ctx, memberIdOf(request.params)), 'OK'),
    );

    serve(scope, AdminContract.revokeMemberSession, async (request) => {
      const { id, sessionId } = request.params;
      const result = await revokeMemberSessions(ctx, auditActorOf(request), memberIdOf({ id }), sessionId);
      return ok(result, SettingsMessages.sessionRevoked);
    });

    serve(scope, AdminContract.revokeMemberSessions, async (request) => {
      const result = await revokeMemberSessions(ctx, auditActorOf(request), memberIdOf(request.params), null);
      return ok(result, result.revoked === 1 ? 'Logged out of 1 session' : `Logged out of ${result.revoked} sessions`);
    });
  });
}
