import rateLimit from '@fastify/rate-limit';
import { AuthMessages, emailKey } from '@signalroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { AppError } from './app-error.js';
import { createAttemptCounter } from './attempt-counter.js';
import { fallbackStore } from './rate-limit-store.js';
import { sleep } from './timing.js';

/** One limit: at most `max` requests per `windowMs` for each key (IP, e-mail...). */
/**
 * A limit's hook: routes run it before their input is validated, so a refused body counts like any
 * other attempt.
 */
export type LimitHook = (request: FastifyRequest) => Promise<void>;

export interface LimitRule {
  /** Unique per rule, e.g. 'login:ip'; prefixes the key in the store. */
  name: string;
  max: number;
  windowMs: number;
  /** The key to count under, or null to skip this rule for the request (e.g. no e-mail in the body). */
  key(request: FastifyRequest): string | null;
  /** The refusal's words, given the seconds to wait (the sign-in wording otherwise). */
  message?(seconds: number): string;
}

/**
 * Registers @fastify/rate-limit in this plugin scope, global off: routes opt in with `limitBy`. The
 * counters live in Redis when the deployment has it (shared by every replica), else in memory, and in
 * memory too while Redis is unreachable (fallbackStore), so an outage neither hangs nor unlocks login.
 */
export async function installRateLimits(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: fallbackStore(ctx.redis?.commands ?? null, ctx.redis?.key('rate-limit', '') ?? ''),
  });
}

type Checker = ReturnType<FastifyInstance['createRateLimit']>;
const checkers = new WeakMap<FastifyInstance, Map<string, Checker>>();

/**
 * A hook (run after the body is parsed, so rules can key on the e-mail) that counts the request
 * against every rule and answers 429 in the envelope, with the seconds to wait, when one is exceeded.
 * Limits scale with RATE_LIMIT_MULTIPLIER; RATE_LIMITS=false turns them off.
 */
export function limitBy(app: FastifyInstance, ctx: ServerContext, rules: LimitRule[]): LimitHook {
  if (!ctx.config.RATE_LIMITS) return async () => {};
  const shared = checkers.get(app) ?? new Map<string, Checker>();
  checkers.set(app, shared);
  const limiters = rules.map((rule) => {
    // Routes naming the same rule share its counter (verify-reset-token and reset-password).
    let check = shared.get(rule.name);
    if (!check) {
      check = app.createRateLimit({
        max: Math.max(1, Math.floor(rule.max * ctx.config.RATE_LIMIT_MULTIPLIER)),
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
      });
      shared.set(rule.name, check);
    }
    return { rule, check };
  });
  return async (request) => {
    for (const { rule, check } of limiters) {
      if (rule.key(request) === null) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        throw AppError.rateLimited(seconds, (rule.message ?? AuthMessages.rateLimited)(seconds));
      }
    }
  };
}

/** A slow-down: each request counts under `key`, and waits `delayMs(count)` before it is handled. */
export interface SlowDownRule {
  name: string;
  windowMs: number;
  key(request: FastifyRequest): string | null;
  delayMs(count: number): number;
}

/**
 * A hook that slows a burst down instead of refusing it: the request is counted and held for the
 * rule's delay (counts scale with RATE_LIMIT_MULTIPLIER; RATE_LIMITS=false turns it off).
 */
export function slowDownBy(ctx: ServerContext, rule: SlowDownRule): LimitHook {
  if (!ctx.config.RATE_LIMITS) return async () => {};
  const counter = createAttemptCounter(ctx, { name: rule.name, windowMs: rule.windowMs });
  return async (request) => {
    const key = rule.key(request);
    if (key === null) return;
    const count = await counter.hit(key);
    const delay = rule.delayMs(Math.ceil(count / ctx.config.RATE_LIMIT_MULTIPLIER));
    if (delay > 0) await sleep(delay);
  };
}

/** Key helpers for rules. */
export const byIp = (request: FastifyRequest): string => request.ip;

/**
 * The `email` of a JSON body as the account key (NFKC, trimmed, lower-cased, so look-alike spellings of
 * one address share its counter), or null when the body has none.
 */
export function byBodyEmail(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = body && typeof body === 'object' ? body.email : undefined;
  return typeof email === 'string' && email.trim() ? emailKey(email.slice(0, 400)).slice(0, 320) : null;
}
