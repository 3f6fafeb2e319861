import { Messages } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { createAttemptCounter } from '../../http/attempt-counter.js';

/** What is left of one of a key's budgets after a request: what the RateLimit header fields tell. */
export interface KeyBudget {
  /** The policy's name in the header fields. */
  policy: string;
  /** Requests the window allows. */
  quota: number;
  windowSeconds: number;
  /** Requests left in the current window (0 once it is used up). */
  remaining: number;
  /** Seconds until the current window ends and the budget is whole again. */
  resetSeconds: number;
}

/**
 * The budget's header fields, as the IETF draft on rate-limit headers writes them: the policy (a quota
 * per window, in seconds) and what is left of it now (requests remaining, seconds to the reset).
 */
export function budgetHeaders(budget: KeyBudget): Record<string, string> {
  return {
    'ratelimit-policy': `"${budget.policy}";q=${budget.quota};w=${budget.windowSeconds}`,
    ratelimit: `"${budget.policy}";r=${budget.remaining};t=${budget.resetSeconds}`,
  };
}

/** A key's budget that is used up: the 429, with the budget for its header fields. */
export class BudgetExceeded extends AppError {
  constructor(
    readonly budget: KeyBudget,
    message?: string,
  ) {
    super('rate_limited', message ?? Messages.common.rateLimited, {
      retryAfterSeconds: Math.max(1, budget.resetSeconds),
    });
  }
}

/**
 * One budget per API key: `perMinute` uses of the kind in a fixed minute (scaled by
 * RATE_LIMIT_MULTIPLIER), counted across replicas in Redis when there is one. Each use counts and
 * answers what is left; past the quota it throws BudgetExceeded (429, with the seconds to the reset).
 * Null with RATE_LIMITS=false: nothing is counted and no header is sent.
 */
export function keyBudget(
  ctx: Pick<ServerContext, 'config' | 'redis'>,
  rule: { name: string; perMinute: number; message?: (seconds: number) => string },
): ((keyId: string) => Promise<KeyBudget>) | null {
  if (!ctx.config.RATE_LIMITS) return null;
  const quota = Math.max(1, Math.floor(rule.perMinute * ctx.config.RATE_LIMIT_MULTIPLIER));
  const counter = createAttemptCounter(ctx, { name: rule.name, windowMs: 60_000 });
  return async (keyId) => {
    const { count, remainingMs } = await counter.hitWindow(keyId);
    const budget: KeyBudget = {
      policy: rule.name,
      quota,
      windowSeconds: 60,
      remaining: Math.max(0, quota - count),
      resetSeconds: Math.max(1, Math.ceil(remainingMs / 1000)),
    };
    if (count > quota) throw new BudgetExceeded(budget, rule.message?.(budget.resetSeconds));
    return budget;
  };
}
