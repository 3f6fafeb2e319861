import {
  type ClientToServerEvents,
  chooseAssetMessage,
  GoldMessages,
  hasGoldAccess,
  Rooms,
  type TBusEvent,
} from '@signalroom/shared';
import { listSignalTradesOf, presentPaperTrade } from '@signalroom/shared-node';
import type { ServerContext } from '../context.js';
import { isStreamRoom, streamPricesFor } from '../modules/gold/stream-prices.js';
import type { ServerMetrics } from '../observability/metrics.registry.js';
import type { LocalMembers } from './realtime.members.js';
import type { RealtimeServer, RealtimeSocket } from './realtime.types.js';

/**
 * The gold members' live parts on this process: the platinum stream (a gold socket joins one asset's
 * room on request and gets its price every second; anyone else is refused, and the access sync takes a
 * socket out at once when its member loses gold) and the bot's trades (`bot:trade` to each member's own
 * room, read for this process's connected members only).
 */
export function createGoldRealtime(
  io: RealtimeServer,
  ctx: ServerContext,
  deps: { members: LocalMembers; metrics: ServerMetrics; onError: (error: unknown) => void },
) {
  const prices = streamPricesFor(ctx);
  const roomSize = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;

  const stopTicks = prices.onTick((ticks) => {
    for (const tick of ticks) {
      const room = Rooms.stream(tick.asset);
      const size = roomSize(room);
      if (size === 0) continue;
      io.local.to(room).emit('stream:price', tick);
      deps.metrics.socketEvents.inc({ event: 'stream:price' }, size);
    }
  });

  function leaveStreams(socket: RealtimeSocket): void {
    for (const room of socket.rooms) if (isStreamRoom(room)) void socket.leave(room);
  }

  function relayTrades(signalId: string): Promise<void> {
    return deps.members.forEachRowOf(
      (userIds) => listSignalTradesOf(ctx.db, signalId, userIds),
      (row) => {
        const reached = deps.members.emitTo(row.user_id, 'bot:trade', presentPaperTrade(row));
        if (reached > 0) deps.metrics.socketEvents.inc({ event: 'bot:trade' }, reached);
      },
    );
  }

  // One listener of each for every socket (socket.io calls it with the socket as `this`), not a closure per socket.
  function onStreamJoin(this: RealtimeSocket, ...[asset, ack]: Parameters<ClientToServerEvents['stream:join']>): void {
    if (typeof ack !== 'function') return;
    if (!hasGoldAccess(this.data.member)) {
      ack({ ok: false, message: GoldMessages.streamRefused });
      return;
    }
    if (!ctx.market.assets.includes(asset)) {
      ack({ ok: false, message: chooseAssetMessage(ctx.market.assets) });
      return;
    }
    leaveStreams(this);
    void this.join(Rooms.stream(asset));
    ack({ ok: true, asset, history: prices.history(asset) });
  }
  function onStreamLeave(this: RealtimeSocket): void {
    leaveStreams(this);
  }

  return {
    /** Per socket: joining and leaving a stream room. */
    attach(socket: RealtimeSocket): void {
      socket.on('stream:join', onStreamJoin);
      socket.on('stream:leave', onStreamLeave);
    },
    relay(event: TBusEvent): void {
      if (event.type === 'bot:trades') relayTrades(event.signalId).catch(deps.onError);
    },
    close: stopTicks,
  };
}
