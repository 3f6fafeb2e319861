import type { ServerContext } from '../context.js';

/** What this module reads of the server's context. */
type ServiceContext = Pick<ServerContext, 'redis'>;

/** Counts events per key over a fixed window (failed logins per account, sign-ups per address). */
export interface AttemptCounter {
  /** Counts one more for `key` and returns the count in the current window. */
  hit(key: string): Promise<number>;
  /** Counts one more for `key`: the count in the current window and how long until the window ends. */
  hitWindow(key: string): Promise<{ count: number; remainingMs: number }>;
  /** The count in the current window, without counting. */
  peek(key: string): Promise<number>;
  /** How long until the current window of `key` ends (0 when it has no count). */
  remainingMs(key: string): Promise<number>;
  /** Forgets the count of `key`: its next window starts from zero. */
  clear(key: string): Promise<void>;
}

/** How long a counter waits for a Redis that accepts but does not answer before it counts in memory. */
const REDIS_TIMEOUT_MS = 250;

function withTimeout<T>(promise: Promise<T>, fallback: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), REDIS_TIMEOUT_MS);
  });
  return Promise.race([promise.catch(fallback), timeout]).finally(() => clearTimeout(timer));
}

/** Fixed-window counts in this process's memory (bounded: expired keys are swept past 50,000). */
function memoryCounter(windowMs: number): AttemptCounter & {
  hitNow(key: string): number;
  peekNow(key: string): number;
  remainingNow(key: string): number;
  hitWindowNow(key: string): { count: number; remainingMs: number };
} {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt > now) return entry;
    counts.delete(key);
    return null;
  };
  const hitNow = (key: string) => {
    const now = Date.now();
    if (counts.size > 50_000) for (const k of counts.keys()) live(k, now);
    const entry = live(key, now) ?? { count: 0, resetAt: now + windowMs };
    entry.count += 1;
    counts.set(key, entry);
    return entry.count;
  };
  const peekNow = (key: string) => live(key, Date.now())?.count ?? 0;
  const remainingNow = (key: string) => {
    const now = Date.now();
    const entry = live(key, now);
    return entry ? entry.resetAt - now : 0;
  };
  const hitWindowNow = (key: string) => ({ count: hitNow(key), remainingMs: remainingNow(key) });
  return {
    hitNow,
    peekNow,
    remainingNow,
    hitWindowNow,
    hit: async (key) => hitNow(key),
    hitWindow: async (key) => hitWindowNow(key),
    peek: async (key) => peekNow(key),
    remainingMs: async (key) => remainingNow(key),
    clear: async (key) => {
      counts.delete(key);
    },
  };
}

/**
 * A counter shared by every replica through Redis when the deployment has it, else in this process.
 * While Redis is unreachable or slow it counts in this process's memory, like the rate limits
 * (rate-limit-store.ts): an outage neither holds requests nor lifts the slow-downs.
 */
export function createAttemptCounter(ctx: ServiceContext, options: { name: string; windowMs: number }): AttemptCounter {
  const memory = memoryCounter(options.windowMs);
  if (!ctx.redis) return memory;
  const redis = ctx.redis.commands;
  const prefix = ctx.redis.key('attempts', options.name, '');
  return {
    async hit(key) {
      if (redis.status !== 'ready') return memory.hitNow(key);
      const run = redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, options.windowMs, 'NX')
        .exec()
        .then((results) => Number(results?.[0]?.[1] ?? 0));
      return withTimeout(run, () => memory.hitNow(key));
    },
    async hitWindow(key) {
      if (redis.status !== 'ready') return memory.hitWindowNow(key);
      const run = redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, options.windowMs, 'NX')
        .pttl(prefix + key)
        .exec()
        .then((results) => ({
          count: Number(results?.[0]?.[1] ?? 0),
          remainingMs: Math.max(0, Number(results?.[2]?.[1] ?? 0)),
        }));
      return withTimeout(run, () => memory.hitWindowNow(key));
    },
    async peek(key) {
      if (redis.status !== 'ready') return memory.peekNow(key);
      return withTimeout(
        redis.get(prefix + key).then((value) => Number(value ?? 0)),
        () => memory.peekNow(key),
      );
    },
    async remainingMs(key) {
      if (redis.status !== 'ready') return memory.remainingNow(key);
      return withTimeout(
        redis.pttl(prefix + key).then((ms) => Math.max(0, ms)),
        () => memory.remainingNow(key),
      );
    },
    async clear(key) {
      // Both places: a count made in memory during an outage must not outlive the forgiveness either.
      await memory.clear(key);
      if (redis.status === 'ready') await withTimeout(redis.del(prefix + key), () => 0);
    },
  };
}
