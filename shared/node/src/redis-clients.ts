import { Redis, type RedisOptions } from 'ioredis';
import type { ModuleLogger } from './logger.js';

/**
 * ioredis settings for a client whose calls someone waits on (an HTTP request, a publish): while Redis is
 * unreachable a command fails at once instead of queueing until the reconnect (which left requests hanging
 * 10 to 45 s), and a command to a Redis that accepts but does not answer fails after `commandTimeoutMs`.
 * Reconnection itself goes on in the background, at most a second apart.
 */
export function boundedRedisOptions(commandTimeoutMs = 1000): RedisOptions {
  return {
    enableOfflineQueue: false,
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 100, 1000),
  };
}

/** Resolves when the client is ready, or after `timeoutMs` (false) so a start does not hang on Redis. */
export function whenRedisReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    timer.unref();
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', onReady);
  });
}

/**
 * QUIT when connected (bounded), else just drop the connection: closing must not wait for Redis. A
 * connection still being made (a process closing right after it started) may hold commands queued for
 * it, e.g. the socket.io adapter's SUBSCRIBE: it gets the same bounded time to come up, so QUIT follows
 * them and they are answered, instead of being rejected ("Connection is closed") with no one to hear.
 */
export async function closeRedis(client: Redis, timeoutMs = 1000): Promise<void> {
  if (client.status === 'connecting' || client.status === 'connect') await whenRedisReady(client, timeoutMs);
  if (client.status === 'ready') {
    await Promise.race([
      client.quit().catch((error: Error) => {
        // QUIT lost to a connection that dropped meanwhile: disconnect() below ends it either way.
        return error;
      }),
      new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
    ]);
  }
  client.disconnect();
}

/**
 * What a connection is for. `request`: commands someone waits on (an HTTP request, a publish, a queue
 * read), bounded as above. `listener`: a connection that waits by design (pub/sub subscriber, BullMQ
 * worker, socket.io adapter); its commands retry until Redis is back (BullMQ requires that).
 */
export type RedisRole = 'request' | 'listener';

/**
 * The one place a process opens Redis connections, and the names of its keys. The composition root
 * (server.ts, the worker's main.ts) creates it once from REDIS_URL and hands it to what needs Redis.
 */
export interface RedisConnections {
  readonly namespace: string;
  /** The process's shared connection for bounded commands (rate limits, counters, health pings). */
  readonly commands: Redis;
  /** A new connection the caller owns and closes (closeRedis); `name` identifies it in the log. */
  open(role: RedisRole, name: string): Redis;
  /** A key (or key prefix) under the deployment's namespace: `key('rate-limit')` is `<namespace>:rate-limit`. */
  key(...parts: string[]): string;
  /** Closes the shared connection; connections from `open` are their owners' to close. */
  close(): Promise<void>;
}

const listenerOptions: RedisOptions = {
  maxRetriesPerRequest: null,
  // Back within a second of Redis returning, so a restart costs no more than a slot.
  retryStrategy: (times) => Math.min(times * 100, 1000),
};

export function createRedisConnections(
  url: string,
  options: { namespace: string; logger?: ModuleLogger | undefined },
): RedisConnections {
  const open = (role: RedisRole, name: string): Redis => {
    const client = new Redis(url, role === 'request' ? boundedRedisOptions() : listenerOptions);
    // ioredis reconnects by itself; an outage is logged once per connection (and /api/health says it).
    let reported = false;
    client.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      options.logger?.warn({ connection: name, reason: error.message }, 'redis connection failing; reconnecting');
    });
    client.on('ready', () => {
      reported = false;
    });
    return client;
  };
  // Opened on first use: a process that only publishes (a bus given a URL) never needs it.
  let commands: Redis | null = null;
  return {
    namespace: options.namespace,
    get commands() {
      commands ??= open('request', 'commands');
      return commands;
    },
    open,
    key: (...parts) => [options.namespace, ...parts].join(':'),
    close: async () => {
      if (commands) await closeRedis(commands);
    },
  };
}
