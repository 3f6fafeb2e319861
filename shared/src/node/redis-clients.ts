import type { Redis, RedisOptions } from 'ioredis';

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

/** QUIT when connected (bounded), else just drop the connection: closing must not wait for Redis. */
export async function closeRedis(client: Redis, timeoutMs = 1000): Promise<void> {
  if (client.status === 'ready') {
    await Promise.race([
      client.quit().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
    ]);
  }
  client.disconnect();
}
