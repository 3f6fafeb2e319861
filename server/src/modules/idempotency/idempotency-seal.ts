import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The stored answer of an Idempotency-Key is sealed with AES-256-GCM under a key derived (HKDF-SHA256)
 * from the Idempotency-Key itself and the member: the table keeps only the key's hash, so what an answer
 * carries (an API key's secret, shown once) cannot be read back without the key the client holds.
 */

const INFO = Buffer.from('signalroom idempotency answer');
const IV_BYTES = 12;
const TAG_BYTES = 16;

function sealingKey(idempotencyKey: string, userId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', idempotencyKey, userId, INFO, 32));
}

/** The SHA-256 of a key, as it is stored and looked up. */
export function hashIdempotencyKey(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex');
}

export function sealAnswer(answer: string, idempotencyKey: string, userId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(idempotencyKey, userId), iv);
  const sealed = Buffer.concat([cipher.update(answer, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The answer sealed with this key; throws when it was sealed with another (which the hash lookup rules out). */
export function openAnswer(sealed: string, idempotencyKey: string, userId: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(idempotencyKey, userId), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
