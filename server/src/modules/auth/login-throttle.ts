import { emailKey } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { type AttemptCounter, createAttemptCounter } from '../../http/attempt-counter.js';
import { sleep } from '../../http/timing.js';
import { LOGIN_FAILURE_WINDOW_MS, loginDelayMs } from './auth.limits.js';

/** Failed logins per account, and the wait they put before the account's next attempt. */
export interface LoginThrottle {
  /** Waits as long as the account's recent failures ask (before the password is checked). */
  beforeAttempt(email: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
}

const throttles = new WeakMap<ServerContext, LoginThrottle>();

/**
 * The login throttle of this server. Failures of an account from every address add up to a short
 * progressive delay on every attempt on it, the right password included (the delay comes before the
 * check, so it reveals nothing); the hard lock is per (account, address) pair in AUTH_LIMITS.login.
 */
export function getLoginThrottle(ctx: ServerContext): LoginThrottle {
  let throttle = throttles.get(ctx);
  if (!throttle) {
    throttle = ctx.config.RATE_LIMITS
      ? createThrottle(ctx)
      : { beforeAttempt: async () => {}, recordFailure: async () => {} };
    throttles.set(ctx, throttle);
  }
  return throttle;
}

function createThrottle(ctx: ServerContext): LoginThrottle {
  const failures: AttemptCounter = createAttemptCounter(ctx, {
    name: 'login-failures',
    windowMs: LOGIN_FAILURE_WINDOW_MS,
  });
  return {
    async beforeAttempt(email) {
      const count = await failures.peek(emailKey(email));
      const delay = loginDelayMs(Math.floor(count / ctx.config.RATE_LIMIT_MULTIPLIER));
      if (delay > 0) await sleep(delay);
    },
    async recordFailure(email) {
      await failures.hit(emailKey(email));
    },
  };
}
