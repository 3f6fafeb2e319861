import {
  type Checkpoint,
  EMPTY_TREE_HASH,
  equalBytes,
  type NoteSignature,
  NoteVerificationError,
  type NoteVerifier,
  type ParsedAddCheckpointRequest,
  parseAddCheckpointRequest,
  verifyConsistency,
  verifySignedNote,
  WitnessProtocolError,
} from '@signalroom/shared/tlog';

/**
 * The checks of C2SP tlog-witness's add-checkpoint, in the document's order, as pure functions: first
 * what needs no state (the request's form, the origin, the log's signature), then, under the witness's
 * lock, what compares the checkpoint with the one it last cosigned for that log.
 */

/** Why a request is refused, with the HTTP status the protocol gives it. */
export interface Refusal {
  status: 400 | 403 | 404 | 409 | 413 | 422;
  reason: string;
  /** What the request says, for the refusal log (as far as it could be read). */
  origin?: string;
  oldSize?: number;
  size?: number;
  /** For a 409: the size the witness holds, which the answer's body carries. */
  heldSize?: number;
}

/** A request whose checkpoint the log signed: what the stateful checks need. */
export interface AuthenticRequest {
  request: ParsedAddCheckpointRequest;
  /** The log's signatures that verified (one per key); the monitors' copy carries them. */
  verified: NoteSignature[];
}

/**
 * Reads the body and checks it is signed by a key trusted for its origin: 400 when malformed (or the
 * old size exceeds the checkpoint's), 404 for an origin no key is configured for, 403 when no trusted
 * signature is present or one fails to verify.
 */
export function authenticateRequest(
  body: string,
  logKeys: ReadonlyMap<string, readonly NoteVerifier[]>,
): AuthenticRequest | Refusal {
  let request: ParsedAddCheckpointRequest;
  try {
    request = parseAddCheckpointRequest(body);
  } catch (error) {
    if (error instanceof WitnessProtocolError) return { status: 400, reason: error.message };
    throw error;
  }
  const { origin, size } = request.checkpoint;
  const about = { origin, oldSize: request.oldSize, size };
  const verifiers = logKeys.get(origin);
  if (!verifiers) return { status: 404, reason: 'no key is configured for this origin', ...about };
  try {
    return { request, verified: verifySignedNote(request.checkpointNote, verifiers).verified };
  } catch (error) {
    if (error instanceof NoteVerificationError) return { status: 403, reason: error.message, ...about };
    throw error;
  }
}

/** What the witness last cosigned for a log; undefined before the first. */
export interface HeldCheckpoint {
  size: number;
  rootHash: Uint8Array;
}

/**
 * Whether the checkpoint may be cosigned after `held`: 409 when the old size is not the size held
 * (the answer carries it), 422 for an empty tree with another root, a proof after old size 0, a proof
 * that fails, or the same size with another root. Null when it may.
 */
export function checkAgainstHeld(
  request: Pick<ParsedAddCheckpointRequest, 'oldSize' | 'proof'> & { checkpoint: Checkpoint },
  held: HeldCheckpoint | undefined,
): Refusal | null {
  const { oldSize, proof, checkpoint } = request;
  const heldSize = held?.size ?? 0;
  const about = { origin: checkpoint.origin, oldSize, size: checkpoint.size };
  if (oldSize !== heldSize)
    return { status: 409, reason: `the old size is ${oldSize}, the witness holds ${heldSize}`, heldSize, ...about };
  if (checkpoint.size === 0 && !equalBytes(checkpoint.rootHash, EMPTY_TREE_HASH))
    return { status: 422, reason: "a checkpoint of size 0 must carry the empty tree's root hash", ...about };
  if (oldSize === 0)
    return proof.length === 0
      ? null
      : { status: 422, reason: 'a consistency proof from size 0 must be empty', ...about };
  // From here a checkpoint of size oldSize > 0 was cosigned, so `held` is set.
  const heldRoot = (held as HeldCheckpoint).rootHash;
  if (oldSize === checkpoint.size && !equalBytes(heldRoot, checkpoint.rootHash))
    return { status: 422, reason: 'same size as the checkpoint held, different root hash', ...about };
  if (!verifyConsistency(oldSize, checkpoint.size, heldRoot, checkpoint.rootHash, proof))
    return {
      status: 422,
      reason: `the consistency proof from ${oldSize} to ${checkpoint.size} does not verify`,
      ...about,
    };
  return null;
}
