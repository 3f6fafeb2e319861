import {
  API_KEY_MAX_PER_MEMBER,
  API_KEY_REQUESTS_PER_MINUTE,
  API_KEY_STREAM_CONNECTS_PER_MINUTE,
  ApiKeyMessages,
  hasSignalAccess,
  type TApiKey,
  type TApiKeyCreateRequest,
  type TCreatedApiKey,
  type TUser,
} from '@signalroom/shared';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { hashSecret } from '../../http/tokens.js';
import { presentUser } from '../../sessions/user-row.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { AuditActor } from '../audit/audit-actor.js';
import {
  type ApiKeyRow,
  countLiveKeys,
  findKeyByHash,
  findMembersOfLiveKeys,
  insertKey,
  listLiveKeys,
  revokeKey,
  touchKey,
} from '../users/api-keys.repository.js';
import { lockMember } from '../users/users.repository.js';
import { keyBudget } from './api-key-budget.js';
import { generateApiKey, isWellFormedApiKey, sameHash } from './api-key-secret.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A key's last use is written at most this often. */
const KEY_TOUCH_MS = 60_000;
const DAY = 24 * 60 * 60_000;

/** What leaves the server about a key: never its hash. */
export function presentApiKey(row: ApiKeyRow): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  };
}

/** The member's live keys. */
export async function listApiKeys(ctx: ServerContext, user: TUser): Promise<TApiKey[]> {
  return (await listLiveKeys(ctx.db, user.id)).map(presentApiKey);
}

/**
 * Creates a key (at most API_KEY_MAX_PER_MEMBER that still work: 400 on `name` past it), living
 * `expiresInDays` when given, audited in the same transaction. The answer is the only place the secret
 * ever appears: only its hash is stored.
 */
export async function createApiKey(
  ctx: ServerContext,
  user: TUser,
  actor: AuditActor,
  input: TApiKeyCreateRequest,
): Promise<TCreatedApiKey> {
  const { secret, secretHash, prefix } = generateApiKey();
  const now = ctx.now();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY) : null;
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, user.id);
    if ((await countLiveKeys(trx, user.id, now)) >= API_KEY_MAX_PER_MEMBER) {
      throw AppError.validation(ApiKeyMessages.limitReached, { name: ApiKeyMessages.limitReached });
    }
    const created = await insertKey(trx, { userId: user.id, name: input.name, prefix, secretHash, now, expiresAt });
    await recordAudit(trx, {
      actor,
      action: 'api-key.create',
      targetType: 'api-key',
      targetId: created.id,
      targetLabel: `${created.name} (${created.prefix}…)`,
      after: { name: created.name, prefix: created.prefix, expiresAt: created.expires_at },
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
 * The member behind a presented API key: 401 for a malformed or unknown key, and for a revoked or
 * expired one with a message that says when (and, for a revocation with the account's recovery, why);
 * 403 when the member no longer has live access. Using it records its last use (at most once a minute).
 */
export async function authenticateApiKey(ctx: ServerContext, token: string): Promise<{ keyId: string; user: TUser }> {
  if (!isWellFormedApiKey(token)) throw AppError.unauthorized(ApiKeyMessages.invalid);
  const presentedHash = hashSecret(token);
  const found = await findKeyByHash(ctx.db, presentedHash);
  if (!found || !sameHash(found.secretHash, presentedHash)) throw AppError.unauthorized(ApiKeyMessages.invalid);
  const now = ctx.now();
  if (found.revokedAt) {
    throw AppError.unauthorized(
      ApiKeyMessages.revokedKey(found.revokedAt.toISOString(), found.revokedReason ?? 'member'),
    );
  }
  if (found.expiresAt && found.expiresAt <= now) {
    throw AppError.unauthorized(ApiKeyMessages.expiredKey(found.expiresAt.toISOString()));
  }
  const user = presentUser(found.user);
  if (!hasSignalAccess(user)) throw AppError.forbidden(ApiKeyMessages.needsLiveAccess);
  const staleBefore = new Date(now.getTime() - KEY_TOUCH_MS);
  if (!found.lastUsedAt || found.lastUsedAt < staleBefore) await touchKey(ctx.db, found.keyId, now, staleBefore);
  return { keyId: found.keyId, user };
}

/**
 * The members behind live keys, for connections that hold a key open (the signal stream): one read
 * for all of them; a revoked or expired key is absent from the answer.
 */
export async function membersOfLiveKeys(ctx: Pick<ServerContext, 'db' | 'now'>, keyIds: readonly string[]) {
  const rows = await findMembersOfLiveKeys(ctx.db, keyIds, ctx.now());
  return new Map([...rows].map(([keyId, row]) => [keyId, presentUser(row)]));
}

/**
 * Each key's own budget of requests per minute (scaled by RATE_LIMIT_MULTIPLIER, off with
 * RATE_LIMITS=false), counted across replicas in Redis when there is one: 429 past it.
 */
export function apiKeyRequestBudget(ctx: ServerContext) {
  return keyBudget(ctx, { name: 'api-key', perMinute: API_KEY_REQUESTS_PER_MINUTE });
}

/**
 * Each key's own budget of stream connections opened per minute: reconnects count here, not against
 * the key's requests, so a program that reconnects cannot starve its own reads (and the reverse).
 */
export function apiKeyStreamBudget(ctx: ServerContext) {
  return keyBudget(ctx, {
    name: 'api-key-stream',
    perMinute: API_KEY_STREAM_CONNECTS_PER_MINUTE,
    message: ApiKeyMessages.streamConnects,
  });
}
