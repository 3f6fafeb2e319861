import type { TBusEvent } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { listNotificationsOfRef } from '../modules/notifications/notifications.repository.js';
import { presentNotification } from '../modules/notifications/notifications.service.js';
import type { ServerMetrics } from '../observability/metrics.registry.js';
import type { LocalMembers } from './realtime.members.js';

/**
 * A signal's notifications, written for every member it was delivered to (or given its outcome), are
 * announced once for all of them (`notification:signal`); each process reads those of the members
 * connected to it and sends each its own, as `notification:new` or `notification:update`.
 */
export function createNotificationRelay(
  ctx: Pick<ServerContext, 'db'>,
  deps: { members: LocalMembers; metrics: ServerMetrics; onError: (error: unknown) => void },
) {
  function relaySignal(signalId: string, phase: 'delivered' | 'resolved'): Promise<void> {
    const event = phase === 'delivered' ? 'notification:new' : 'notification:update';
    return deps.members.forEachRowOf(
      (userIds) => listNotificationsOfRef(ctx.db, 'signal', signalId, userIds),
      (row) => {
        const reached = deps.members.emitTo(row.user_id, event, presentNotification(row));
        if (reached > 0) deps.metrics.socketEvents.inc({ event }, reached);
      },
    );
  }

  return (event: TBusEvent): void => {
    if (event.type === 'notification:signal') relaySignal(event.signalId, event.phase).catch(deps.onError);
  };
}
