import { bytesToHex, noteSignedBy, readCheckpointNote } from '@signalroom/shared';
import { formatCheckpoint, formatSignedNote, type NoteSigner } from '@signalroom/shared/tlog';
import type { Transaction } from 'kysely';
import type { RecordVerifier } from './record-verifier.js';
import type { Database } from './schema.js';

type Trx = Transaction<Database>;

/**
 * Signs the log's checkpoint at `size` (a C2SP checkpoint: origin, size, base64 root; no extension lines)
 * with each signer, the current key first, and stores the note. Hold the chain lock.
 */
export async function signCheckpointNote(
  trx: Trx,
  input: { origin: string; size: number; root: Uint8Array; signers: readonly NoteSigner[]; at: Date },
): Promise<{ id: number; size: number; note: string }> {
  const body = formatCheckpoint({ origin: input.origin, size: input.size, rootHash: input.root, extensions: [] });
  const note = formatSignedNote(
    body,
    input.signers.map((signer) => signer.sign(body)),
  );
  const row = await trx
    .insertInto('track_record_notes')
    .values({ size: input.size, root: bytesToHex(input.root), note, signed_at: input.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, size: input.size, note };
}

/**
 * The latest checkpoint must still describe the log this process verified: its size, its root, and
 * the signature of the key in force at that size. A checkpoint that does not is history changed
 * underneath (or a note written around the signer): the log is broken for this process. Hold the lock.
 */
export async function checkLatestNote(trx: Trx, verifier: RecordVerifier): Promise<void> {
  const row = await trx
    .selectFrom('track_record_notes')
    .select(['id', 'size', 'root', 'note'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return;
  const where = Math.max(1, row.size);
  if (row.size !== verifier.size) {
    verifier.fail(where, `checkpoint ${row.id} signs ${row.size} entries; the log verified holds ${verifier.size}`);
  }
  const root = bytesToHex(verifier.tree.root());
  let signedRight = false;
  try {
    const read = readCheckpointNote(row.note);
    const key = verifier.keyAt(row.size);
    signedRight = read.rootHex === root && row.root === root && key !== null && noteSignedBy(read, key);
  } catch {
    // An unreadable note is a checkpoint that does not hold: reported below.
  }
  if (!signedRight) verifier.fail(where, `checkpoint ${row.id} is not the log's signed root at ${row.size} entries`);
}
