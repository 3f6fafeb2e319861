import { z } from 'zod';
import { zText } from './request-fields.js';

/** Every API key starts with this, so a bearer token is told apart from a session token by its look. */
export const API_KEY_PREFIX = 'sr_';
/** Random bytes behind a key: 32 bytes are 43 base64url characters after the prefix. */
export const API_KEY_RANDOM_BYTES = 32;
/** How many live (unrevoked) keys one member may hold. */
export const API_KEY_MAX_PER_MEMBER = 5;
/** The longest name a key may have. */
export const API_KEY_NAME_MAX = 60;
/** Characters of a key kept in clear for display ("sr_AbCdEfGh…"): enough to recognise, not to use. */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 11;
/** Requests one key may make per minute (its own budget, apart from the member's sessions). */
export const API_KEY_REQUESTS_PER_MINUTE = 60;

/** A key's full length: the prefix and the unpadded base64url of its random bytes. */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + Math.ceil((API_KEY_RANDOM_BYTES * 4) / 3);

/**
 * Whether a bearer token has the shape of an API key (not whether it is a live one). The length is
 * part of the shape: a session token (43 characters) that happens to begin with `sr_` stays a session.
 */
export function looksLikeApiKey(token: string): boolean {
  return token.length === API_KEY_LENGTH && token.startsWith(API_KEY_PREFIX);
}

/** Words of the API keys calls and section. */
export const ApiKeyMessages = {
  nameRequired: 'Key name is required',
  limitReached: `You can have at most ${API_KEY_MAX_PER_MEMBER} API keys. Revoke one to create another.`,
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  listed: 'API keys',
  readOnly:
    'API keys can only read signals, statistics, the track record and your account. Sign in to make this change.',
  invalid: 'This API key is not valid or has been revoked',
  needsLiveAccess: 'API keys need live access to the signal room',
} as const;

/** The name a member gives a new key (trimmed; required). */
export const ZApiKeyCreateRequest = z
  .object({
    name: zText({ max: API_KEY_NAME_MAX, required: ApiKeyMessages.nameRequired })
      .transform((value) => value.trim())
      .refine((value) => value.length > 0, ApiKeyMessages.nameRequired),
  })
  .strict();
export type TApiKeyCreateRequest = z.infer<typeof ZApiKeyCreateRequest>;

/** One key as its member sees it: never the secret, only its first characters. */
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** A key just created: the one answer that carries its secret. */
export const ZCreatedApiKey = ZApiKey.extend({ secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
