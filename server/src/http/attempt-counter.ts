import type { ServerContext } from '../context.js';

/** Counts events per key over a fixed window (failed logins per account, sign-ups per address). */
export interface AttemptCounter {
  /** Counts one more for `key` and returns the count in the current window. */
  hit(key: string): Promise<number>;
  /** The count in the current window, without counting. */
  peek(key: string): Promise<number>;
}

/** How long a counter waits for Redis before it counts nothing (fails open, like the rate limits). */
const REDIS_TIMEOUT_MS = 250;

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), REDIS_TIMEOUT_MS);
  });
  return Promise.race([promise.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

/**
 * A counter shared by every replica through Redis when the deployment has it, else in this process.
 * A Redis that is down or slow counts nothing rather than holding requests: these counters only add
 * delays, and the hard limits (rate-limit.ts) and argon2's cost stay in force.
 */
export function createAttemptCounter(ctx: ServerContext, options: { name: string; windowMs: number }): AttemptCounter {
  const { redis } = ctx;
  if (redis) {
    const prefix = `${ctx.config.REDIS_NAMESPACE}:attempts:${options.name}:`;
    return {
      async hit(key) {
        const run = redis
          .multi()
          .incr(prefix + key)
          .pexpire(prefix + key, options.windowMs, 'NX')
          .exec()
          .then((results) => Number(results?.[0]?.[1] ?? 0));
        return withTimeout(run, 0);
      },
      async peek(key) {
        return withTimeout(
          redis.get(prefix + key).then((value) => Number(value ?? 0)),
          0,
        );
      },
    };
  }
  const counts = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt > now) return entry;
    counts.delete(key);
    return null;
  };
  return {
    async hit(key) {
      const now = Date.now();
      if (counts.size > 50_000) for (const k of counts.keys()) live(k, now);
      const entry = live(key, now) ?? { count: 0, resetAt: now + options.windowMs };
      entry.count += 1;
      counts.set(key, entry);
      return entry.count;
    },
    async peek(key) {
      return live(key, Date.now())?.count ?? 0;
    },
  };
}
