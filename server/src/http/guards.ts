import { hasGoldAccess, hasSignalAccess, signalAccessMode, type TUser } from '@signalroom/shared';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { findUserBySessionHash, touchSession } from '../sessions/sessions.repository.js';
import { presentUser } from '../sessions/user-row.js';
import { AppError } from './app-error.js';
import { sessionCacheOf } from './session-cache.js';
import { hashSecret } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member whose API key the request presented (set by the API's key hook; null otherwise). */
    apiKeyMember: TUser | null;
  }
}

/** The bearer token of a request, if any. */
export function readBearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** A session's last use is written at most this often (not on every request). */
export const SESSION_TOUCH_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Sessions last seen before this have ended by idleness (SESSION_IDLE_DAYS). */
export function sessionIdleCutoff(ctx: ServerContext, now: Date): Date {
  return new Date(now.getTime() - ctx.config.SESSION_IDLE_DAYS * DAY_MS);
}

/**
 * The member a session token belongs to, or null (unknown, revoked, past its 30-day expiry, or unused
 * for SESSION_IDLE_DAYS). Using it slides the idle expiry. Also used by sockets.
 */
export async function authenticateToken(
  ctx: ServerContext,
  token: string | null,
  options: { cached?: boolean } = {},
): Promise<TUser | null> {
  if (!token || token.length > 200) return null;
  const now = ctx.now();
  const tokenHash = hashSecret(token);
  const cache = options.cached ? sessionCacheOf(ctx) : null;
  const epoch = cache?.epoch() ?? 0;
  const hit = cache?.get(tokenHash);
  const idleSince = sessionIdleCutoff(ctx, now);
  const found =
    hit && hit.expiresAt > now && hit.lastSeenAt > idleSince
      ? hit
      : await findUserBySessionHash(ctx.db, tokenHash, now, idleSince);
  if (!found) return null;
  const staleBefore = new Date(now.getTime() - SESSION_TOUCH_MS);
  if (found.lastSeenAt < staleBefore) {
    await touchSession(ctx.db, tokenHash, now, staleBefore);
    cache?.set(tokenHash, { ...found, lastSeenAt: now }, epoch);
  } else if (found !== hit) cache?.set(tokenHash, found, epoch);
  return presentUser(found.user);
}

/**
 * The member a request stands for: the API key's member when the API's key hook admitted one (only on
 * routes whose contract accepts a key), else the session's.
 */
async function authenticateRequest(
  ctx: ServerContext,
  request: FastifyRequest,
  options: { cached?: boolean } = {},
): Promise<TUser | null> {
  if (request.apiKeyMember) return request.apiKeyMember;
  return authenticateToken(ctx, readBearerToken(request), options);
}

/** 401 unless the request carries a live session (or, on a read that accepts one, a live API key). */
export async function requireUser(ctx: ServerContext, request: FastifyRequest): Promise<TUser> {
  const user = await authenticateRequest(ctx, request);
  if (!user) throw AppError.unauthorized();
  return user;
}

/** 401 without a session, 403 for a member who is not an admin. */
export async function requireAdmin(ctx: ServerContext, request: FastifyRequest): Promise<TUser> {
  const user = await requireUser(ctx, request);
  if (user.role !== 'admin') throw AppError.forbidden();
  return user;
}

/** 401 without a session, 403 unless an analyst or an admin (the analyst desk). */
export async function requireDesk(ctx: ServerContext, request: FastifyRequest): Promise<TUser> {
  const user = await requireUser(ctx, request);
  if (user.role !== 'analyst' && user.role !== 'admin') throw AppError.forbidden();
  return user;
}

/**
 * 403 unless the member's signal room is open: live (dashboard unlocked, tier not guest) or within the
 * trial (the delayed view); admins always pass, as they see every member page at full access.
 */
export async function requireSignalRoom(ctx: ServerContext, request: FastifyRequest): Promise<TUser> {
  // The signal room's reads are what the fallback polling repeats every 2 s: their session comes from a
  // short cache that every revocation clears (see session-cache.ts); anything that writes reads the database.
  const cached = request.method === 'GET';
  const user = await authenticateRequest(ctx, request, { cached });
  if (!user) throw AppError.unauthorized();
  if (signalAccessMode(user, ctx.now()) === 'none') throw AppError.forbidden();
  return user;
}

/**
 * 403 unless the member has live access: dashboard unlocked and a paid tier, or an admin. Members'
 * content (the vault, the network) is for activated members; the trial opens only the signal room.
 */
export async function requireLiveAccess(ctx: ServerContext, request: FastifyRequest): Promise<TUser> {
  const user = await requireUser(ctx, request);
  if (!hasSignalAccess(user)) throw AppError.forbidden();
  return user;
}

/** 403 unless the member is gold and unlocked, or an admin (gold room, platinum stream). */
export async function requireGold(ctx: ServerContext, request: FastifyRequest): Promise<TUser> {
  const user = await requireUser(ctx, request);
  if (!hasGoldAccess(user)) throw AppError.forbidden();
  return user;
}
