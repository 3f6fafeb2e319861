import { createHash, randomBytes } from 'node:crypto';

/** A new opaque secret (session token, reset token): URL-safe, `bytes` random bytes. */
export function generateSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256; they carry enough entropy that no salt is needed. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
