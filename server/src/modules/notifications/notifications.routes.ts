import { NotificationMessages, NotificationsContract } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { serve } from '../../http/contract-routes.js';
import { ok } from '../../http/envelope.js';
import { memberOf, routeGroup } from '../../http/route-groups.js';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service.js';

/**
 * GET /api/notifications, POST /api/notifications/:id/read and POST /api/notifications/read-all: the
 * header's bell. Any signed-in member, their own notifications only (another member's id answers 404).
 */
export async function registerNotificationsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await routeGroup(app, ctx, 'member', (scope) => {
    serve(scope, NotificationsContract.list, async (request) =>
      ok(await listNotifications(ctx, memberOf(request), request.query), NotificationMessages.listed),
    );
    serve(scope, NotificationsContract.markRead, async (request) =>
      ok(await markNotificationRead(ctx, memberOf(request), request.params.id), NotificationMessages.markedRead),
    );
    serve(scope, NotificationsContract.markAllRead, async (request) =>
      ok(await markAllNotificationsRead(ctx, memberOf(request)), NotificationMessages.allRead),
    );
  });
}
