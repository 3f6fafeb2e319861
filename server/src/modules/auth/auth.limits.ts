import type { FastifyRequest } from 'fastify';
import { readBearerToken } from '../../http/guards.js';
import { byBodyEmail, byIp, type LimitRule } from '../../http/rate-limit.js';
import { hashSecret } from '../../http/tokens.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A short, non-reversible key for a secret in the body or header (reset token, session). */
function bySecret(read: (request: FastifyRequest) => unknown) {
  return (request: FastifyRequest): string | null => {
    const value = read(request);
    return typeof value === 'string' && value.trim() ? hashSecret(value.trim()).slice(0, 24) : null;
  };
}
const bodyToken = bySecret((r) => (r.body as { token?: unknown } | null)?.token);
const bearer = bySecret((r) => readBearerToken(r));

/**
 * Default limits of the auth calls, per IP and per e-mail (scaled by RATE_LIMIT_MULTIPLIER). Chosen so a
 * person never meets them (a sign-up takes one register, one or two resends, one confirm) while
 * guessing passwords, codes or tokens, and mail-bombing an address, stop early. Codes have their own
 * 5-try limit and resends their own 60 s cooldown on top.
 */
export const AUTH_LIMITS = {
  register: [
    { name: 'register:ip', max: 10, windowMs: HOUR, key: byIp },
    { name: 'register:email', max: 5, windowMs: HOUR, key: byBodyEmail },
  ],
  confirm: [
    { name: 'confirm:ip', max: 30, windowMs: 15 * MINUTE, key: byIp },
    { name: 'confirm:email', max: 10, windowMs: 15 * MINUTE, key: byBodyEmail },
  ],
  resend: [
    { name: 'resend:ip', max: 10, windowMs: 15 * MINUTE, key: byIp },
    { name: 'resend:email', max: 5, windowMs: 15 * MINUTE, key: byBodyEmail },
  ],
  login: [
    { name: 'login:ip', max: 30, windowMs: 15 * MINUTE, key: byIp },
    { name: 'login:email', max: 10, windowMs: 15 * MINUTE, key: byBodyEmail },
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
