import { ApiKeyMessages, looksLikeApiKey } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { readBearerToken } from '../../http/guards.js';
import { apiKeyRateLimiter, authenticateApiKey } from './api-keys.service.js';

/**
 * API keys across the whole API, decided in one place before any group's guard: a bearer token shaped
 * like a key (`sr_...`) is refused with 403 on every route whose contract entry does not say `apiKey`
 * (every write, and every read beyond signals, statistics, the track record and the account), answers
 * 401 when unknown or revoked, and counts against the key's own rate limit. An admitted key stands for
 * its member: the group's guard then applies the same access as the member's session would get.
 */
export function acceptApiKeys(api: FastifyInstance, ctx: ServerContext): void {
  const limit = apiKeyRateLimiter(ctx);
  api.decorateRequest('apiKeyMember', null);
  api.addHook('onRequest', async (request) => {
    const token = readBearerToken(request);
    if (!token || !looksLikeApiKey(token)) return;
    const contract = request.routeOptions.config?.contract;
    // No contract: no route here, and the 404 says so.
    if (!contract) return;
    if (!contract.apiKey) throw AppError.forbidden(ApiKeyMessages.readOnly);
    const { keyId, user } = await authenticateApiKey(ctx, token);
    await limit(keyId);
    request.apiKeyMember = user;
  });
}
