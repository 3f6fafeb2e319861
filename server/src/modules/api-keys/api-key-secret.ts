import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PREFIX,
  API_KEY_RANDOM_BYTES,
  looksLikeApiKey,
} from '@signalroom/shared';
import { hashSecret } from '../../http/tokens.js';

/** A new key: its secret (shown once), the SHA-256 stored in its place, and the first characters kept for display. */
export function generateApiKey(): { secret: string; secretHash: string; prefix: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')}`;
  return { secret, secretHash: hashSecret(secret), prefix: secret.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH) };
}

/** Whether a presented token could be a key we issued (anything else is refused without a look-up). */
export function isWellFormedApiKey(token: string): boolean {
  return looksLikeApiKey(token) && /^[A-Za-z0-9_-]+$/.test(token.slice(API_KEY_PREFIX.length));
}

/** Compares two hex hashes in constant time (the row found by the hash is checked once more). */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
