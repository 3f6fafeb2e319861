import { z } from 'zod';
import { ZInstant } from './iso-date.js';
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
/** Stream connections one key may hold open at once (a sixth is refused with 429). */
export const API_KEY_STREAMS_PER_KEY = 5;
/** Stream connections one key may open per minute: reconnects have this budget, apart from its requests. */
export const API_KEY_STREAM_CONNECTS_PER_MINUTE = 30;
/** The longest life a key may be given, in days (a key without one lives until revoked). */
export const API_KEY_EXPIRY_DAYS_MAX = 365;
/** The lives the settings screen offers, in days. */
export const API_KEY_EXPIRY_CHOICES = [30, 90, 365] as const;

/**
 * Why a key was revoked: by its member, or with every other key when the account was recovered (a
 * password reset, a password change that asked for it, a log-out everywhere by the member or an admin).
 */
export const API_KEY_REVOKE_REASONS = [
  'member',
  'password-reset',
  'password-change',
  'sessions-ended',
  'admin-sessions-ended',
] as const;
export type ApiKeyRevokeReason = (typeof API_KEY_REVOKE_REASONS)[number];

/** How a refusal names the moment a key stopped working (UTC, to the minute: the API has no reader's clock). */
function utcMinute(at: string): string {
  return `${at.slice(0, 16).replace('T', ' ')} UTC`;
}

const REVOKED_BECAUSE: Record<ApiKeyRevokeReason, string> = {
  member: '',
  'password-reset': ", when the account's password was reset",
  'password-change': ", when the account's password was changed",
  'sessions-ended': ', when the account was logged out everywhere',
  'admin-sessions-ended': ', when an admin logged the account out everywhere',
};

/** A key's full length: the prefix and the unpadded base64url of its random bytes. */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + Math.ceil((API_KEY_RANDOM_BYTES * 4) / 3);

/**
 * Whether a bearer token has the shape of an API key (not whether it is a live one). The length is
 * part of the shape: a session token (43 characters) that happens to begin with `sr_` stays a session.
 */
export function looksLikeApiKey(token: string): boolean {
  return token.length === API_KEY_LENGTH && token.startsWith(API_KEY_PREFIX);
}

/** A session token's length (32 random bytes in base64url): a token of this length is a session, whatever it starts with. */
const SESSION_TOKEN_LENGTH = 43;

/**
 * Whether a bearer token was meant as an API key, well-formed or not: it starts with `sr_` and is not
 * a session token's length. Such a token is answered as a key (a key's refusal, never the session's
 * "log in"), so a key copied short or with a stray character is told what is wrong with it.
 */
export function isApiKeyAttempt(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length !== SESSION_TOKEN_LENGTH;
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
  invalid: 'This API key is not valid: check that it was copied whole, or make a new one in Profile Settings.',
  malformed:
    'This is not an API key: keys start with sr_ and have 46 characters. Copy it again from where you saved it.',
  revokedKey: (at: string, reason: ApiKeyRevokeReason) =>
    `This API key was revoked on ${utcMinute(at)}${REVOKED_BECAUSE[reason]}. Make a new one in Profile Settings.`,
  expiredKey: (at: string) => `This API key expired on ${utcMinute(at)}. Make a new one in Profile Settings.`,
  needsLiveAccess: 'API keys need live access to the signal room',
  expiryInvalid: `A key lives from 1 to ${API_KEY_EXPIRY_DAYS_MAX} days, or until revoked.`,
  streamsFull: `This API key already holds ${API_KEY_STREAMS_PER_KEY} stream connections. Close one, or make another key.`,
  streamConnects: (seconds: number) =>
    `This API key opened the stream ${API_KEY_STREAM_CONNECTS_PER_MINUTE} times this minute. Reconnect in ${seconds} seconds.`,
} as const;

/** The name a member gives a new key (trimmed; required). */
export const ZApiKeyCreateRequest = z
  .object({
    name: zText({ max: API_KEY_NAME_MAX, required: ApiKeyMessages.nameRequired })
      .transform((value) => value.trim())
      .refine((value) => value.length > 0, ApiKeyMessages.nameRequired),
    /** Days the key lives; absent, until revoked. */
    expiresInDays: z
      .number({ error: ApiKeyMessages.expiryInvalid })
      .int(ApiKeyMessages.expiryInvalid)
      .min(1, ApiKeyMessages.expiryInvalid)
      .max(API_KEY_EXPIRY_DAYS_MAX, ApiKeyMessages.expiryInvalid)
      .optional(),
  })
  .strict();
export type TApiKeyCreateRequest = z.infer<typeof ZApiKeyCreateRequest>;

/** One key as its member sees it: never the secret, only its first characters. */
export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: ZInstant,
  lastUsedAt: ZInstant.nullable(),
  /** When it stops working; null: until revoked. A key past it is listed until revoked, and refused. */
  expiresAt: ZInstant.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** A key that an account recovery revoked, as the answer and the member's e-mail name it. */
export const ZRevokedApiKey = z.object({ id: z.string(), name: z.string(), prefix: z.string() });
export type TRevokedApiKey = z.infer<typeof ZRevokedApiKey>;

/** A key just created: the one answer that carries its secret. */
export const ZCreatedApiKey = ZApiKey.extend({ secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
