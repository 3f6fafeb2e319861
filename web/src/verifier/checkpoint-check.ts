import { type CheckpointVerdict, readCheckpointNote, verifyCheckpointsHere } from '@signalroom/shared';
import { cosignatureMessage, parseVerifierKey, readUint64 } from '@signalroom/shared/tlog';

/** Imported witness keys, by verifier key (importing costs more than one verification). */
const importedKeys = new Map<string, Promise<{ name: string; keyId: number; key: CryptoKey }>>();

function importWitnessKey(verifierKey: string) {
  let imported = importedKeys.get(verifierKey);
  if (!imported) {
    const parsed = parseVerifierKey(verifierKey);
    imported = crypto.subtle
      .importKey('raw', new Uint8Array(parsed.publicKey), { name: 'Ed25519' }, false, ['verify'])
      .then((key) => ({ name: parsed.name, keyId: parsed.keyId, key }));
    importedKeys.set(verifierKey, imported);
  }
  return imported;
}

/**
 * Reads cosigned checkpoints and checks the witnesses' cosignatures with WebCrypto's Ed25519 (native)
 * where this browser has it, the portable code otherwise: a year of checkpoints is over a hundred
 * thousand notes, and the portable code alone takes minutes. Runs in the page's checkpoint worker, or
 * in the page itself where a worker cannot start.
 */
export async function verifyCheckpointsNative(
  notes: readonly string[],
  witnesses: readonly string[],
): Promise<CheckpointVerdict[]> {
  let keys: { name: string; keyId: number; key: CryptoKey }[];
  try {
    keys = await Promise.all(witnesses.map(importWitnessKey));
  } catch (error) {
    importedKeys.clear();
    console.warn('This browser has no Ed25519 of its own; using the portable one (slower):', error);
    return verifyCheckpointsHere(notes, witnesses);
  }
  const encoder = new TextEncoder();
  return Promise.all(
    notes.map(async (note): Promise<CheckpointVerdict> => {
      let read: ReturnType<typeof readCheckpointNote>;
      try {
        read = readCheckpointNote(note);
      } catch {
        return null;
      }
      const cosignatures: { witness: string; timestamp: number }[] = [];
      for (const key of keys) {
        const sig = read.signatures.find((s) => s.name === key.name && s.keyId === key.keyId);
        if (sig?.signature.length !== 72) continue;
        const timestamp = Number(readUint64(sig.signature));
        const message = encoder.encode(cosignatureMessage(read.body, timestamp));
        if (await crypto.subtle.verify({ name: 'Ed25519' }, key.key, sig.signature.slice(8), message)) {
          cosignatures.push({ witness: key.name, timestamp });
        }
      }
      return { size: read.checkpoint.size, cosignatures };
    }),
  );
}
