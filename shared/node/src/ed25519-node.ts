import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { useEd25519Verify } from '@signalroom/shared/tlog';

/** DER prefix of an Ed25519 public key in SubjectPublicKeyInfo form (the 32 raw bytes follow). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Key objects by public key: a log and its few witnesses verify many signatures under few keys. */
const keyObjects = new Map<string, KeyObject>();

function keyObjectOf(publicKey: Uint8Array): KeyObject {
  const id = Buffer.from(publicKey).toString('hex');
  let key = keyObjects.get(id);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    // Bounded: keys a process meets are the log's and its witnesses', a handful.
    if (keyObjects.size > 256) keyObjects.clear();
    keyObjects.set(id, key);
  }
  return key;
}

/**
 * Node's Ed25519 (OpenSSL) for every signature the track record checks in a Node process: tens of
 * microseconds where the portable code takes milliseconds, which a year of cosignatures needs. OpenSSL
 * verifies as RFC 8032 does (it refuses non-canonical S, as the portable check configured with
 * zip215 false does).
 */
export function nodeEd25519Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return verify(null, message, keyObjectOf(publicKey), signature);
  } catch {
    // A key OpenSSL cannot read is one no signature verifies under.
    return false;
  }
}

useEd25519Verify(nodeEd25519Verify);
