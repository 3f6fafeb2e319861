import { AuthMessages, emailKey } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { type AttemptCounter, createAttemptCounter } from '../../http/attempt-counter.js';
import { sleep } from '../../http/timing.js';
import { ACCOUNT_LOGIN_BUDGET, LOGIN_FAILURE_WINDOW_MS, loginDelayMs } from './auth.limits.js';

/** The limits on guessing one account's password, from every address together. */
export interface LoginThrottle {
  /**
   * Counts an attempt on the account from a client that is not one of the owner's known devices, and
   * refuses it (429) once the account's budget for the window is spent. Attempts count as they arrive,
   * before the password is checked, so parallel requests meet the budget like sequential ones.
   */
  admit(email: string, knownDevice: boolean): Promise<void>;
  /** Waits as long as the account's recent failures ask (before the password is checked). */
  beforeAttempt(email: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  /** The owner proved the mailbox (a password reset): the account's budget and delay start afresh. */
  forgive(email: string): Promise<void>;
}

const throttles = new WeakMap<ServerContext, LoginThrottle>();

/**
 * The login throttle of this server. Attempts on an account from anywhere but the owner's known
 * devices share one budget (ACCOUNT_LOGIN_BUDGET per 15 minutes): past it the account is locked to
 * them for the rest of the window, which the owner lifts with the e-mailed reset link or passes from a
 * device they logged in from before. Failures also add a short progressive delay before every attempt
 * on the account, the right password included (the delay comes before the check, so it reveals
 * nothing); the per (account, address) and per-address limits are in AUTH_LIMITS.login.
 */
export function getLoginThrottle(ctx: ServerContext): LoginThrottle {
  let throttle = throttles.get(ctx);
  if (!throttle) {
    throttle = ctx.config.RATE_LIMITS
      ? createThrottle(ctx)
      : {
          admit: async () => {},
          beforeAttempt: async () => {},
          recordFailure: async () => {},
          forgive: async () => {},
        };
    throttles.set(ctx, throttle);
  }
  return throttle;
}

function createThrottle(ctx: ServerContext): LoginThrottle {
  const failures: AttemptCounter = createAttemptCounter(ctx, {
    name: 'login-failures',
    windowMs: LOGIN_FAILURE_WINDOW_MS,
  });
  const attempts: AttemptCounter = createAttemptCounter(ctx, {
    name: 'login-account',
    windowMs: LOGIN_FAILURE_WINDOW_MS,
  });
  const budget = Math.max(1, Math.floor(ACCOUNT_LOGIN_BUDGET * ctx.config.RATE_LIMIT_MULTIPLIER));
  return {
    async admit(email, knownDevice) {
      if (knownDevice) return;
      const key = emailKey(email);
      if ((await attempts.hit(key)) <= budget) return;
      const seconds = Math.ceil((await attempts.remainingMs(key)) / 1000) || LOGIN_FAILURE_WINDOW_MS / 1000;
      throw AppError.rateLimited(seconds, AuthMessages.accountLocked(seconds));
    },
    async beforeAttempt(email) {
      const count = await failures.peek(emailKey(email));
      const delay = loginDelayMs(Math.floor(count / ctx.config.RATE_LIMIT_MULTIPLIER));
      if (delay > 0) await sleep(delay);
    },
    async recordFailure(email) {
      await failures.hit(emailKey(email));
    },
    async forgive(email) {
      await Promise.all([attempts.clear(emailKey(email)), failures.clear(emailKey(email))]);
    },
  };
}
