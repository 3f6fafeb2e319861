import { createHash } from 'node:crypto';

/** SHA-256 of a text's UTF-8 bytes, as lowercase hex: the track record's hash (no other import, so the
 * members' verifier script can load it alone). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
