import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

// One round trip: count, and start the window on the first hit.
const INCR_LUA = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
  return {current, ttl}
`;

interface CountingRedis {
  status: Redis['status'];
  signalroomRateLimit?(key: string, windowMs: number): Promise<[number, number]>;
}

/** Fixed-window counters in this process's memory (bounded: the oldest keys go first). */
export class MemoryCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly maxKeys = 50_000) {}

  hit(key: string, windowMs: number, now = Date.now()): Result {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.delete(key);
      this.windows.set(key, entry);
      if (this.windows.size > this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  }
}

/**
 * The rate limiter's store: counters in Redis (shared by every server process) while Redis answers,
 * and in this process's memory while it does not, so an outage neither locks everyone out nor lifts
 * the limits (each process then counts on its own). A Redis call is bounded by the client's command
 * timeout; see "Redis outages" in docs/decisions.md.
 */
export function fallbackStore(redis: Redis | null, prefix: string): FastifyRateLimitStoreCtor {
  const memory = new MemoryCounters();
  if (redis && typeof (redis as unknown as CountingRedis).signalroomRateLimit !== 'function') {
    redis.defineCommand('signalroomRateLimit', { numberOfKeys: 1, lua: INCR_LUA });
  }
  const counting = redis as unknown as CountingRedis | null;

  class FallbackStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const local = () => callback(null, memory.hit(key, timeWindow));
      if (!counting?.signalroomRateLimit || counting.status !== 'ready') {
        local();
        return;
      }
      counting
        .signalroomRateLimit(`${prefix}${key}`, timeWindow)
        .then(([current, ttl]) => callback(null, { current: Number(current), ttl: Number(ttl) }), local);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return FallbackStore;
}
