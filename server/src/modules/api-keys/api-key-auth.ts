import { ApiKeyMessages, isApiKeyAttempt, looksLikeApiKey } from '@signalroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { readBearerToken } from '../../http/guards.js';
import { BudgetExceeded, budgetHeaders } from './api-key-budget.js';
import { apiKeyRequestBudget, authenticateApiKey } from './api-keys.service.js';

/**
 * API keys across the whole API, decided in one place before any group's guard: a bearer token meant
 * as a key (`sr_...`) is refused with 403 on every route whose contract entry does not say `apiKey`
 * (every write, and every read beyond signals, statistics, the track record and the account), answers
 * 401 when malformed, unknown, revoked or expired (with a message that says which), and counts against
 * the key's own budget, whose state every answer to the key carries (RateLimit-Policy and RateLimit;
 * a 429 adds Retry-After). An admitted key stands for its member: the group's guard then applies the
 * same access as the member's session would get.
 */
export function acceptApiKeys(api: FastifyInstance, ctx: ServerContext): void {
  const budget = apiKeyRequestBudget(ctx);
  api.decorateRequest('apiKeyMember', null);
  api.addHook('onRequest', async (request, reply) => {
    const token = readBearerToken(request);
    if (!token || !isApiKeyAttempt(token)) return;
    const contract = request.routeOptions.config?.contract;
    // No contract: no route here, and the 404 says so.
    if (!contract) return;
    if (!contract.apiKey) throw AppError.forbidden(ApiKeyMessages.readOnly);
    if (!looksLikeApiKey(token)) throw AppError.unauthorized(ApiKeyMessages.malformed);
    const { keyId, user } = await authenticateApiKey(ctx, token);
    try {
      if (budget) reply.headers(budgetHeaders(await budget(keyId)));
    } catch (error) {
      if (error instanceof BudgetExceeded) reply.headers(budgetHeaders(error.budget));
      throw error;
    }
    request.apiKeyMember = user;
  });
}
