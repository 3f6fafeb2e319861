import {
  API_KEY_MAX_PER_MEMBER,
  API_KEY_REQUESTS_PER_MINUTE,
  ApiKeyMessages,
  hasSignalAccess,
  type TApiKey,
  type TApiKeyCreateRequest,
  type TCreatedApiKey,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { type AttemptCounter, createAttemptCounter } from '../../http/attempt-counter.js';
import { hashSecret } from '../../http/tokens.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { presentUser } from '../users/users.presenter.js';
import { lockMember } from '../users/users.repository.js';
import { generateApiKey, isWellFormedApiKey, sameHash } from './api-key-secret.js';
import {
  type ApiKeyRow,
  countLiveKeys,
  findKeyByHash,
  findMembersOfLiveKeys,
  insertKey,
  listLiveKeys,
  revokeKey,
  touchKey,
} from './api-keys.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A key's last use is written at most this often. */
const KEY_TOUCH_MS = 60_000;
const MINUTE = 60_000;

/** What leaves the server about a key: never its hash. */
export function presentApiKey(row: ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

/** The member's live keys. */
export async function listApiKeys(ctx: ServerContext, user: TUser): Promise<TApiKey[]> {
  return (await listLiveKeys(ctx.db, user.id)).map(presentApiKey);
}

/**
 * Creates a key (at most API_KEY_MAX_PER_MEMBER live ones: 400 on `name` past it), audited in the same
 * transaction. The answer is the only place the secret ever appears: only its hash is stored.
 */
export async function createApiKey(
  ctx: ServerContext,
  user: TUser,
  actor: AuditActor,
  input: TApiKeyCreateRequest,
): Promise<TCreatedApiKey> {
  const { secret, secretHash, prefix } = generateApiKey();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, user.id);
    if ((await countLiveKeys(trx, user.id)) >= API_KEY_MAX_PER_MEMBER) {
      throw AppError.validation(ApiKeyMessages.limitReached, { name: ApiKeyMessages.limitReached });
    }
    const created = await insertKey(trx, { userId: user.id, name: input.name, prefix, secretHash, now: ctx.now() });
    await recordAudit(trx, {
      actor,
      action: 'api-key.create',
      targetType: 'api-key',
      targetId: created.id,
      targetLabel: `${created.name} (${created.prefix}…)`,
      after: { name: created.name, prefix: created.prefix },
    });
    return created;
  });
  return { ...presentApiKey(row), secret };
}

/** Revokes one of the member's live keys (404 otherwise), audited in the same transaction. */
export async function revokeApiKey(ctx: ServerContext, user: TUser, actor: AuditActor, id: string): Promise<void> {
  if (!UUID.test(id)) throw AppError.notFound();
  await ctx.db.transaction().execute(async (trx) => {
    const revoked = await revokeKey(trx, user.id, id, ctx.now());
    if (!revoked) throw AppError.notFound();
    await recordAudit(trx, {
      actor,
      action: 'api-key.revoke',
      targetType: 'api-key',
      targetId: revoked.id,
      targetLabel: `${revoked.name} (${revoked.prefix}…)`,
      before: { name: revoked.name, prefix: revoked.prefix },
    });
  });
  // A stream held open with the key (GET /api/stream) is closed at once, not at the next sweep.
  await ctx.events.accountChanged(user.id);
}

/**
 * The member behind a presented API key: 401 for a malformed, unknown or revoked key; 403 when the
 * member no longer has live access. Using it records its last use (at most once a minute).
 */
export async function authenticateApiKey(ctx: ServerContext, token: string): Promise<{ keyId: string; user: TUser }> {
  if (!isWellFormedApiKey(token)) throw AppError.unauthorized(ApiKeyMessages.invalid);
  const presentedHash = hashSecret(token);
  const found = await findKeyByHash(ctx.db, presentedHash);
  if (!found || !sameHash(found.secretHash, presentedHash)) throw AppError.unauthorized(ApiKeyMessages.invalid);
  const user = presentUser(found.user);
  if (!hasSignalAccess(user)) throw AppError.forbidden(ApiKeyMessages.needsLiveAccess);
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - KEY_TOUCH_MS);
  if (!found.lastUsedAt || found.lastUsedAt < staleBefore) await touchKey(ctx.db, found.keyId, now, staleBefore);
  return { keyId: found.keyId, user };
}

/**
 * The members behind live keys, for connections that hold a key open (the signal stream): one read
 * for all of them; a revoked key is absent from the answer.
 */
export async function membersOfLiveKeys(ctx: Pick<ServerContext, 'db'>, keyIds: readonly string[]) {
  const rows = await findMembersOfLiveKeys(ctx.db, keyIds);
  return new Map([...rows].map(([keyId, row]) => [keyId, presentUser(row)]));
}

/**
 * Each key's own budget of requests per minute (scaled by RATE_LIMIT_MULTIPLIER, off with
 * RATE_LIMITS=false), counted across replicas in Redis when there is one: 429 past it.
 */
export function apiKeyRateLimiter(ctx: ServerContext): (keyId: string) => Promise<void> {
  if (!ctx.config.RATE_LIMITS) return async () => {};
  const max = Math.max(1, Math.floor(API_KEY_REQUESTS_PER_MINUTE * ctx.config.RATE_LIMIT_MULTIPLIER));
  const counter: AttemptCounter = createAttemptCounter(ctx, { name: 'api-key', windowMs: MINUTE });
  return async (keyId) => {
    const count = await counter.hit(keyId);
    if (count > max) {
      const seconds = Math.max(1, Math.ceil((await counter.remainingMs(keyId)) / 1000));
      throw AppError.rateLimited(seconds);
    }
  };
}
