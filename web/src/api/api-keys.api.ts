import { ApiKeysRoutes } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/users/api-keys: the member's live keys (never their secrets). */
export function fetchApiKeys(signal?: AbortSignal) {
  return callApi(ApiKeysRoutes.list, { signal, fallbackMessage: 'Your API keys could not be loaded.' });
}

/** POST /api/users/api-keys: the answer carries the new key's secret, the only time it is shown. */
export function createApiKey(name: string) {
  return callApi(ApiKeysRoutes.create, { body: { name }, fallbackMessage: 'The API key could not be created.' });
}

/** DELETE /api/users/api-keys/{id}. */
export function revokeApiKey(id: string) {
  return callApi(ApiKeysRoutes.revoke, { params: { id }, fallbackMessage: 'The API key could not be revoked.' });
}
