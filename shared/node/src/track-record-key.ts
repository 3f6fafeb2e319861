import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { checkpointMessage, type TTrackRecordCheckpoint } from '@signalroom/shared';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The deployment's Ed25519 key for signing track record checkpoints: generated on first use, kept with
 * the app's other secrets (`app_secrets`), shared by every server and worker process. When two
 * processes start at once the first insert wins and both read the same key back.
 */
export interface TrackRecordSigner {
  /** The raw 32-byte public key, hex: what the record publishes. */
  publicKey: string;
  /** Signs a checkpoint's size, head, root and time. */
  sign(cp: Omit<TTrackRecordCheckpoint, 'signature'>): TTrackRecordCheckpoint;
}

const SECRET_NAME = 'track_record_ed25519';

interface StoredKey {
  /** The private key as a JWK (OKP, Ed25519), which Node imports directly. */
  jwk: { kty: 'OKP'; crv: 'Ed25519'; d: string; x: string };
}

function generate(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return JSON.stringify({ jwk: privateKey.export({ format: 'jwk' }) } satisfies { jwk: object });
}

function signerOf(stored: StoredKey): TrackRecordSigner {
  const key: KeyObject = createPrivateKey({ key: stored.jwk, format: 'jwk' });
  return {
    publicKey: Buffer.from(stored.jwk.x, 'base64url').toString('hex'),
    sign(cp) {
      const signature = sign(null, Buffer.from(checkpointMessage(cp), 'utf8'), key).toString('hex');
      return { ...cp, signature };
    },
  };
}

const signers = new WeakMap<Kysely<Database>, Promise<TrackRecordSigner>>();

/** The signer of this database's record (created on first use, then kept for the process). */
export function trackRecordSigner(db: Kysely<Database>): Promise<TrackRecordSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = (async () => {
      await db
        .insertInto('app_secrets')
        .values({ name: SECRET_NAME, value: generate() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', SECRET_NAME)
        .executeTakeFirstOrThrow();
      return signerOf(JSON.parse(row.value) as StoredKey);
    })();
    signers.set(db, signer);
    // A failed read is not kept: the next append tries again.
    signer.catch(() => signers.delete(db));
  }
  return signer;
}
