import { closeRedis } from '@signalroom/shared-node';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ServerContext } from '../context.js';
import type { RealtimeServer } from './realtime.types.js';

/**
 * With Redis: the socket.io Redis adapter, so every server process shares the rooms (e.g.
 * `io.in('user:<id>').fetchSockets()` sees sockets on all processes). Bus events are still emitted with
 * `io.local` by every process to its own sockets, so nothing is sent twice. Keys live under the
 * deployment's namespace so test runs can share one Redis.
 */
export function attachRedisAdapter(io: RealtimeServer, ctx: ServerContext): { close(): Promise<void> } | null {
  if (!ctx.redis) return null;
  const pubClient = ctx.redis.open('listener', 'socket.io adapter publisher');
  const subClient = ctx.redis.open('listener', 'socket.io adapter subscriber');
  io.adapter(
    createAdapter(pubClient, subClient, {
      key: ctx.redis.key('socket.io'),
      publishOnSpecificResponseChannel: true,
    }),
  );
  return {
    async close() {
      await Promise.allSettled([closeRedis(pubClient), closeRedis(subClient)]);
    },
  };
}
