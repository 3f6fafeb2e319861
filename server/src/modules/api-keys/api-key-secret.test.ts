import { createHash } from 'node:crypto';
import { API_KEY_LENGTH, looksLikeApiKey } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { generateApiKey, isWellFormedApiKey, sameHash } from './api-key-secret.js';

describe('API key secrets', () => {
  it('issues sr_ and 43 base64url characters, stored as the SHA-256 of the whole key', () => {
    const { secret, secretHash, prefix } = generateApiKey();
    expect(secret).toMatch(/^sr_[A-Za-z0-9_-]{43}$/);
    expect(secret).toHaveLength(API_KEY_LENGTH);
    expect(secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(secretHash).not.toContain(secret.slice(3));
    expect(prefix).toBe(secret.slice(0, 11));
    expect(isWellFormedApiKey(secret)).toBe(true);
  });

  it('never issues the same key twice', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => generateApiKey().secret));
    expect(secrets.size).toBe(200);
  });

  it('tells a key from a session token by its prefix and length', () => {
    expect(looksLikeApiKey(generateApiKey().secret)).toBe(true);
    // A 43-character session token that happens to begin with sr_ is still a session.
    expect(looksLikeApiKey(`sr_${'a'.repeat(40)}`)).toBe(false);
    expect(looksLikeApiKey(`xx_${'a'.repeat(43)}`)).toBe(false);
    expect(isWellFormedApiKey(`sr_${'a'.repeat(42)}!`)).toBe(false);
  });

  it('compares hashes in constant time, refusing different or empty ones', () => {
    const { secretHash } = generateApiKey();
    expect(sameHash(secretHash, secretHash)).toBe(true);
    expect(sameHash(secretHash, generateApiKey().secretHash)).toBe(false);
    expect(sameHash('', '')).toBe(false);
    expect(sameHash(secretHash, secretHash.slice(2))).toBe(false);
  });
});
