import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';

/** Applications one address may post per window: generous for a person, tight for a script. */
export const BOT_ACCESS_SUBMIT_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

/**
 * A fixed-window counter per client address. With Redis (distributed shape) every server process
 * shares the count; without it, the one process keeps it in memory.
 */
export function createSubmitLimiter(ctx: ServerContext, limit = BOT_ACCESS_SUBMIT_LIMIT) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  async function hitRedis(ip: string): Promise<{ count: number; resetInMs: number }> {
    const redis = ctx.redis!;
    const key = `${ctx.config.REDIS_NAMESPACE}:ratelimit:bot-access:${ip}`;
    const [[, count], [, ttl]] = (await redis.multi().incr(key).pttl(key).exec()) as [
      [unknown, number],
      [unknown, number],
    ];
    if (ttl < 0) await redis.pexpire(key, limit.windowMs);
    return { count, resetInMs: ttl < 0 ? limit.windowMs : ttl };
  }

  function hitMemory(ip: string): { count: number; resetInMs: number } {
    const now = Date.now();
    let window = windows.get(ip);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + limit.windowMs };
      windows.set(ip, window);
    }
    window.count += 1;
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    }
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  return {
    /** Counts one attempt; throws 429 with Retry-After once the address is over the limit. */
    async check(ip: string): Promise<void> {
      if (!ctx.config.RATE_LIMITS) return;
      const { count, resetInMs } = ctx.redis ? await hitRedis(ip) : hitMemory(ip);
      if (count > limit.max) throw AppError.rateLimited(resetInMs / 1000);
    },
  };
}
