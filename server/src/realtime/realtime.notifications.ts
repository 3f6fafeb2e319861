import { Rooms, type TBusEvent } from '@signalroom/shared';
import type { ServerContext } from '../context.js';
import { listNotificationsOfRef } from '../modules/notifications/notifications.repository.js';
import { presentNotification } from '../modules/notifications/notifications.service.js';
import type { ServerMetrics } from '../observability/metrics.registry.js';
import type { RealtimeServer } from './realtime.types.js';

const USER_ROOM = Rooms.user('');
/** Members whose notifications are read in one query when a signal's notifications are written. */
const BATCH = 1000;

/**
 * A signal's notifications, written for every member it was delivered to (or given its outcome), are
 * announced once for all of them (`notification:signal`); each process reads those of the members
 * connected to it and sends each its own, as `notification:new` or `notification:update`, in their room.
 */
export function createNotificationRelay(
  io: RealtimeServer,
  ctx: Pick<ServerContext, 'db'>,
  deps: { metrics: ServerMetrics; onError: (error: unknown) => void },
) {
  const roomSize = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;

  async function relaySignal(signalId: string, phase: 'delivered' | 'resolved'): Promise<void> {
    const event = phase === 'delivered' ? 'notification:new' : 'notification:update';
    const userIds = [...io.of('/').adapter.rooms.keys()]
      .filter((room) => room.startsWith(USER_ROOM) && roomSize(room) > 0)
      .map((room) => room.slice(USER_ROOM.length));
    for (let i = 0; i < userIds.length; i += BATCH) {
      for (const row of await listNotificationsOfRef(ctx.db, 'signal', signalId, userIds.slice(i, i + BATCH))) {
        const room = Rooms.user(row.user_id);
        io.local.to(room).emit(event, presentNotification(row));
        deps.metrics.socketEvents.inc({ event }, roomSize(room));
      }
    }
  }

  return (event: TBusEvent): void => {
    if (event.type === 'notification:signal') relaySignal(event.signalId, event.phase).catch(deps.onError);
  };
}
