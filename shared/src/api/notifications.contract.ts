import { z } from 'zod';
import { ZNotificationsPage, ZNotificationsQuery, ZUnreadCount } from '../notifications.js';
import { type RouteTable, withSchemas, ZNothing } from './contract.js';

/** A notification id in the path; anything that is not one of the caller's notifications answers 404. */
const ZNotificationParams = z.object({ id: z.string() });

/** The member's notification centre (the header's bell): any signed-in member, their own notifications only. */
export const NotificationsRoutes = {
  list: { method: 'GET', path: '/notifications', group: 'member' },
  markRead: { method: 'POST', path: '/notifications/:id/read', group: 'member' },
  markAllRead: { method: 'POST', path: '/notifications/read-all', group: 'member' },
} as const satisfies RouteTable;

/** What each of NotificationsRoutes takes and answers. */
export const NotificationsContract = /* @__PURE__ */ withSchemas(NotificationsRoutes, {
  list: {
    summary: "The member's notifications, newest first, with how many are unread",
    query: ZNotificationsQuery,
    data: ZNotificationsPage,
  },
  markRead: {
    summary: 'Mark one of the member’s notifications as read',
    params: ZNotificationParams,
    data: ZUnreadCount,
  },
  markAllRead: {
    summary: "Mark every one of the member's notifications as read",
    body: ZNothing,
    data: ZUnreadCount,
  },
});
