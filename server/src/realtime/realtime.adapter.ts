import { closeRedis } from '@signalroom/shared/node';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { ServerContext } from '../context.js';
import type { RealtimeServer } from './realtime.types.js';

/**
 * Distributed shape: the socket.io Redis adapter, so every server process shares the rooms (e.g.
 * `io.in('user:<id>').fetchSockets()` sees sockets on all processes). Bus events are still emitted with
 * `io.local` by every process to its own sockets, so nothing is sent twice. Keys live under the
 * deployment's namespace so test runs can share one Redis.
 */
export function attachRedisAdapter(io: RealtimeServer, ctx: ServerContext): { close(): Promise<void> } | null {
  const redisUrl = ctx.config.REDIS_URL;
  if (!ctx.redis || !redisUrl) return null;
  const pubClient = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const subClient = pubClient.duplicate();
  for (const client of [pubClient, subClient]) {
    client.on('error', () => {
      // ioredis reconnects by itself; /api/health reports Redis outages.
    });
  }
  io.adapter(
    createAdapter(pubClient, subClient, {
      key: `${ctx.config.REDIS_NAMESPACE}:socket.io`,
      publishOnSpecificResponseChannel: true,
    }),
  );
  return {
    async close() {
      await Promise.allSettled([closeRedis(pubClient), closeRedis(subClient)]);
    },
  };
}
