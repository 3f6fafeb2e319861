import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../../context.js';

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface Lease {
  close(): Promise<void>;
}

/**
 * Runs something in one server process at a time. With Redis, processes compete for a key that expires
 * unless its holder renews it: a holder that dies hands over within `ttlMs`, and one that loses Redis
 * stops (`onLost`) before another can start. Without Redis there is one process: it holds the lease.
 * `tick` runs at every renewal while held (the holder retries what failed to start).
 */
export function holdLease(
  ctx: Pick<ServerContext, 'redis' | 'logger'>,
  name: string,
  handlers: { onAcquired(): void; onLost(): void; tick?(): void },
  timing: { ttlMs: number; renewMs: number } = { ttlMs: 30_000, renewMs: 10_000 },
): Lease {
  if (!ctx.redis) {
    handlers.onAcquired();
    const timer = setInterval(() => handlers.tick?.(), timing.renewMs);
    timer.unref();
    return {
      async close() {
        clearInterval(timer);
        handlers.onLost();
      },
    };
  }
  const redis = ctx.redis;
  const key = redis.key('lease', name);
  const owner = randomUUID();
  const log = ctx.logger.child({ module: 'lease', lease: name });
  let held = false;
  let closed = false;

  async function step(): Promise<void> {
    try {
      if (held) {
        const renewed = await redis.commands.eval(RENEW, 1, key, owner, String(timing.ttlMs));
        if (renewed === 1) {
          handlers.tick?.();
          return;
        }
        held = false;
        log.warn('lease lost to another process');
        handlers.onLost();
      }
      const taken = await redis.commands.set(key, owner, 'PX', timing.ttlMs, 'NX');
      if (taken === 'OK' && !closed) {
        held = true;
        handlers.onAcquired();
      }
    } catch (error) {
      // Redis unreachable: a holder stops, since another process may take over once the key expires.
      if (held) {
        held = false;
        handlers.onLost();
      }
      log.debug({ err: error }, 'lease check failed');
    }
  }

  let running = step();
  const timer = setInterval(() => {
    running = running.then(step);
  }, timing.renewMs);
  timer.unref();

  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      if (!held) return;
      held = false;
      handlers.onLost();
      await redis.commands.eval(RELEASE, 1, key, owner).catch((error: unknown) => {
        log.debug({ err: error }, 'lease not released; it expires by itself');
      });
    },
  };
}
