import { z } from 'zod';
import { ZApiKey, ZApiKeyCreateRequest, ZCreatedApiKey } from '../api-keys.js';
import { type RouteTable, withSchemas } from './contract.js';

/** A key id in the path; anything that is not one of the member's live keys answers 404. */
const ZApiKeyParams = z.object({ id: z.string() });

/**
 * The member's API keys (Profile Settings). Members with live access only, and only with a session:
 * these routes never accept an API key, so a key cannot make or revoke keys.
 */
export const ApiKeysRoutes = {
  list: { method: 'GET', path: '/users/api-keys', group: 'live' },
  create: { method: 'POST', path: '/users/api-keys', group: 'live', status: 201, idempotent: true },
  revoke: { method: 'DELETE', path: '/users/api-keys/:id', group: 'live' },
} as const satisfies RouteTable;

/** What each of ApiKeysRoutes takes and answers. */
export const ApiKeysContract = /* @__PURE__ */ withSchemas(ApiKeysRoutes, {
  list: {
    summary: "The member's live API keys (names and first characters, never the secrets)",
    data: z.array(ZApiKey),
  },
  create: {
    summary: 'Create an API key; the answer is the only time its secret is shown',
    body: ZApiKeyCreateRequest,
    data: ZCreatedApiKey,
  },
  revoke: {
    summary: 'Revoke one of the member’s API keys; it stops working at once',
    params: ZApiKeyParams,
    data: z.null(),
  },
});
