import {
  NOTIFICATION_KEPT_MS,
  type NotificationFact,
  NotificationMessages,
  type TNotification,
  type TNotificationsPage,
  type TNotificationsQuery,
  type TSignal,
  type TSignalNotice,
  type TUnreadCount,
  type TUser,
  ZNotification,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import {
  countUnread,
  deleteNotificationsBefore,
  findOwnNotification,
  insertManyNotifications,
  insertNotification,
  listNotificationsPage,
  markAllRead,
  markOneRead,
  type NotificationRow,
  updateNotificationsOf,
} from './notifications.repository.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'db' | 'events' | 'now'>;

/** A notification written in a transaction, to announce once that transaction has committed. */
export interface RecordedNotification {
  userId: string;
  notification: TNotification;
}

/** What leaves the server about a notification (its data checked against the kind's schema). */
export function presentNotification(row: NotificationRow): TNotification {
  return ZNotification.parse({
    id: row.id,
    kind: row.kind,
    data: row.data,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  });
}

/**
 * Records a notification inside the caller's transaction (the one that writes the fact it tells of).
 * `ref` names what it is about; a second notification of the same kind about the same ref is not
 * written (null). Announce the answer after the commit with `announceNotification`.
 */
export async function recordNotification(
  trx: Db,
  userId: string,
  fact: NotificationFact,
  ref: string,
  at: Date,
): Promise<RecordedNotification | null> {
  const row = await insertNotification(trx, { userId, kind: fact.kind, ref, data: fact.data, at });
  return row ? { userId, notification: presentNotification(row) } : null;
}

/** Pushes recorded notifications to their members' open pages (every server process relays it). */
export async function announceNotification(
  ctx: Pick<ServerContext, 'events'>,
  recorded: RecordedNotification | null | undefined,
): Promise<void> {
  if (recorded) await ctx.events.notificationNew(recorded.userId, recorded.notification);
}

/** Where a delivered signal stands, as its notification keeps it. */
export function signalNoticeOf(signal: TSignal): TSignalNotice {
  return {
    signalId: signal.id,
    asset: signal.asset,
    direction: signal.direction,
    status: signal.status,
    outcome: signal.outcome,
    resolvedLevel: signal.resolvedLevel,
    ...(signal.activeLevel === undefined ? {} : { activeLevel: signal.activeLevel }),
  };
}

/**
 * Records, in the caller's transaction, that a signal was delivered to these members: one notification
 * each, whatever the number of channels it went by. Announce with `announceSignalNotifications`.
 */
export async function recordSignalDelivered(
  trx: Db,
  signal: TSignal,
  userIds: readonly string[],
  at: Date,
): Promise<number> {
  return insertManyNotifications(trx, { userIds, kind: 'signal', ref: signal.id, data: signalNoticeOf(signal), at });
}

/** Tells every server process that a signal's notifications were written or changed, for many members. */
export function announceSignalNotifications(
  ctx: Pick<ServerContext, 'events'>,
  signalId: string,
  phase: 'delivered' | 'resolved',
): Promise<void> {
  return ctx.events.notificationSignal(signalId, phase);
}

/**
 * Gives the notifications of a delivered signal where it now stands (its outcome); answers how many
 * changed. A signal delivered to nobody changes nothing.
 */
export async function updateSignalNotifications(ctx: ServiceContext, signal: TSignal): Promise<number> {
  const changed = await updateNotificationsOf(ctx.db, 'signal', signal.id, signalNoticeOf(signal), ctx.now());
  if (changed > 0) await announceSignalNotifications(ctx, signal.id, 'resolved');
  return changed;
}

/** A page of the member's notifications, newest first, with the unread count. */
export async function listNotifications(
  ctx: ServiceContext,
  member: TUser,
  query: TNotificationsQuery,
): Promise<TNotificationsPage> {
  let before: { createdAt: Date; id: string } | null = null;
  if (query.before !== undefined) {
    const cursor = isUuid(query.before) ? await findOwnNotification(ctx.db, member.id, query.before) : null;
    if (!cursor) {
      throw AppError.validation(NotificationMessages.beforeInvalid, { before: NotificationMessages.beforeInvalid });
    }
    before = { createdAt: new Date(cursor.created_at), id: cursor.id };
  }
  // One more than asked tells whether another page follows.
  const [rows, unreadCount] = await Promise.all([
    listNotificationsPage(ctx.db, member.id, { before, limit: query.limit + 1 }),
    countUnread(ctx.db, member.id),
  ]);
  return {
    items: rows.slice(0, query.limit).map(presentNotification),
    unreadCount,
    hasMore: rows.length > query.limit,
  };
}

/** Marks one of the member's notifications read: 404 for anyone else's, as for an unknown one. */
export async function markNotificationRead(ctx: ServiceContext, member: TUser, id: string): Promise<TUnreadCount> {
  if (!isUuid(id) || !(await markOneRead(ctx.db, member.id, id, ctx.now()))) throw AppError.notFound();
  await ctx.events.notificationRead(member.id, [id]);
  return { unreadCount: await countUnread(ctx.db, member.id) };
}

/** Marks all of the member's notifications read. */
export async function markAllNotificationsRead(ctx: ServiceContext, member: TUser): Promise<TUnreadCount> {
  const changed = await markAllRead(ctx.db, member.id, ctx.now());
  if (changed > 0) await ctx.events.notificationRead(member.id, null);
  return { unreadCount: await countUnread(ctx.db, member.id) };
}

/** Deletes the notifications past their keeping time; answers how many. */
export async function pruneNotifications(ctx: Pick<ServerContext, 'db' | 'now'>): Promise<number> {
  return deleteNotificationsBefore(ctx.db, new Date(ctx.now().getTime() - NOTIFICATION_KEPT_MS));
}
