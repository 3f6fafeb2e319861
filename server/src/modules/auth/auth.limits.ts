import type { FastifyRequest } from 'fastify';
import { readBearerToken } from '../../http/guards.js';
import { byBodyEmail, byIp, type LimitRule } from '../../http/rate-limit.js';
import { hashSecret } from '../../http/tokens.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * forgot-password, resend-welcome-email and confirm-code answer no sooner than this after their input
 * passed validation, for a known and an unknown address alike. The work behind it (a lookup, a row, a
 * queued mail) takes a few milliseconds, well inside it, so the time of the answer tells nothing.
 */
export const ENUMERATION_FLOOR_MS = 60;

/**
 * Every answer of register, a refusal by a limit included, leaves no sooner than this after the request
 * arrived. Both paths hash the password (argon2: 40 to 110 ms on a loaded 2-core machine) and write a
 * few rows, a few hundred ms in all at worst; a limited attempt does neither. Held to this floor, a
 * known address, a new one and a limited attempt take the same time.
 */
export const REGISTER_FLOOR_MS = 500;

/** A short, non-reversible key for a secret in the body or header (reset token, session). */
function bySecret(read: (request: FastifyRequest) => unknown) {
  return (request: FastifyRequest): string | null => {
    const value = read(request);
    return typeof value === 'string' && value.trim() ? hashSecret(value.trim()).slice(0, 24) : null;
  };
}
const bodyToken = bySecret((r) => (r.body as { token?: unknown } | null)?.token);

/** One account from one address: the e-mail of the body and the client's IP. */
function byBodyEmailAndIp(request: FastifyRequest): string | null {
  const email = byBodyEmail(request);
  return email ? `${email}|${request.ip}` : null;
}
const bearer = bySecret((r) => readBearerToken(r));

/**
 * Default limits of the auth calls, per IP and per e-mail (scaled by RATE_LIMIT_MULTIPLIER). Chosen so a
 * person never meets them (a sign-up takes one register, one or two resends, one confirm) while
 * guessing passwords, codes or tokens, and mail-bombing an address, stop early. Codes have their own
 * 5-try limit and resends their own 60 s cooldown on top. Why login and sign-up count the way they
 * do: docs/decisions.md, "Login and sign-up limits".
 */
export const AUTH_LIMITS = {
  /** 100 an hour per address, so a mobile carrier's shared address survives; SIGNUP_SLOWDOWN on top. */
  register: [
    { name: 'register:ip', max: 100, windowMs: HOUR, key: byIp },
    { name: 'register:email', max: 5, windowMs: HOUR, key: byBodyEmail },
  ],
  /**
   * Per address only: a limit per e-mail let a stranger's ten wrong codes block the owner's real one for
   * 15 minutes. Each code takes 5 tries, and the owner's resend starts a new code with a new budget.
   */
  confirm: [{ name: 'confirm:ip', max: 30, windowMs: 15 * MINUTE, key: byIp }],
  resend: [
    { name: 'resend:ip', max: 10, windowMs: 15 * MINUTE, key: byIp },
    { name: 'resend:email', max: 5, windowMs: 15 * MINUTE, key: byBodyEmail },
  ],
  /**
   * The hard lock is per (account, address) pair: ten tries of one account from one address. The
   * owner on another address is never locked out by someone else's guesses; failures of the account
   * from anywhere slow every attempt on it instead (loginDelayMs).
   */
  login: [
    { name: 'login:ip', max: 30, windowMs: 15 * MINUTE, key: byIp },
    { name: 'login:email-ip', max: 10, windowMs: 15 * MINUTE, key: byBodyEmailAndIp },
  ],
  forgot: [
    { name: 'forgot:ip', max: 10, windowMs: 15 * MINUTE, key: byIp },
    { name: 'forgot:email', max: 5, windowMs: HOUR, key: byBodyEmail },
  ],
  /** verify-reset-token and reset-password share these counters. */
  reset: [
    { name: 'reset:ip', max: 30, windowMs: 15 * MINUTE, key: byIp },
    { name: 'reset:token', max: 10, windowMs: 15 * MINUTE, key: bodyToken },
  ],
  dashboardCode: [
    { name: 'dashboard-code:ip', max: 20, windowMs: 15 * MINUTE, key: byIp },
    { name: 'dashboard-code:session', max: 10, windowMs: 15 * MINUTE, key: bearer },
  ],
} satisfies Record<string, LimitRule[]>;

/** Failed logins of an account (from any address) are counted over this window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;
/**
 * Login attempts on one account from devices its owner never logged in from, all addresses together,
 * per LOGIN_FAILURE_WINDOW_MS: past it the account is locked to them until the window ends or the owner
 * resets the password (login-throttle.ts). Twice the per-address limit, so one person on two networks
 * never meets it.
 */
export const ACCOUNT_LOGIN_BUDGET = 20;
const DELAY_CAP_MS = 3000;

/** The wait before a login attempt on an account with `failures` recent failures: 2^n ms, at most 3 s. */
export function loginDelayMs(failures: number): number {
  return failures < 1 ? 0 : Math.min(2 ** failures, DELAY_CAP_MS);
}

/**
 * Sign-ups from one address slow down past 20 an hour: 100 ms more per sign-up, at most 3 s. A shared
 * address of many real people still gets through (slower); a script posting thousands does not scale.
 */
export const SIGNUP_SLOWDOWN = {
  name: 'register-slowdown:ip',
  windowMs: HOUR,
  key: byIp,
  delayMs: (count: number) => (count <= 20 ? 0 : Math.min(100 * (count - 20), DELAY_CAP_MS)),
};
