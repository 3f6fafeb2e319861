import type { ModuleLogger } from '../logger.js';

/** Longest wait a provider's Retry-After may impose before a try: a slot cannot wait for minutes. */
export const MAX_RETRY_WAIT_MS = 10_000;
const FIRST_BACKOFF_MS = 250;

/** What a failed try says about trying again: wait this long (the provider's word or backoff), or give up. */
export type RetryAdvice = { retry: true; afterMs?: number } | { retry: false };

/**
 * Runs a provider request up to `attempts` times. `advise` reads each failure: a rate limit (with its
 * Retry-After, capped at MAX_RETRY_WAIT_MS), a 5xx or a timeout may pass and is tried again after a
 * doubling backoff; anything else (a refused token, an unknown instrument, a malformed answer) fails at once.
 */
export async function withRetries<T>(
  what: string,
  run: () => Promise<T>,
  options: {
    attempts: number;
    advise: (error: unknown) => RetryAdvice;
    logger?: ModuleLogger | undefined;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const advice = options.advise(error);
      if (!advice.retry || attempt >= options.attempts) throw error;
      const waitMs = Math.min(MAX_RETRY_WAIT_MS, advice.afterMs ?? FIRST_BACKOFF_MS * 2 ** (attempt - 1));
      options.logger?.warn({ what, attempt, waitMs, err: error }, 'market data request failed; trying again');
      await sleep(waitMs);
    }
  }
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}
