import { decodeBase64, encodeBase64, noteCharacterProblem, parseDecimal } from './encoding.js';
import { EMPTY_TREE_ROOT, hexToBytes } from './merkle.js';

/**
 * Checkpoints (C2SP tlog-checkpoint): the text of a signed note that states a log's tree head, as three
 * or more non-empty lines: the origin, the tree size in decimal, the root hash in base64, then optional
 * extension lines.
 */

/** A log's tree head as a checkpoint states it. */
export interface Checkpoint {
  /** The log's identity; any non-empty line (by convention a schema-less URL). */
  origin: string;
  /** Leaves in the tree. */
  size: number;
  /** The RFC 6962 Merkle tree hash of those leaves, 32 bytes. */
  rootHash: Uint8Array;
  /** Opaque extension lines, each non-empty; usually none. */
  extensions: string[];
}

/** A checkpoint text that breaks the format. */
export class CheckpointFormatError extends Error {
  override name = 'CheckpointFormatError';
}

/** The root hash of the empty tree: SHA-256 of nothing (shared: read it, never write into it). */
export const EMPTY_TREE_HASH: Uint8Array = /* @__PURE__ */ hexToBytes(EMPTY_TREE_ROOT);

function lineProblem(line: string, what: string): string | null {
  if (line === '') return `an empty ${what}`;
  if (line.includes('\n')) return `a ${what} with a newline`;
  const characters = noteCharacterProblem(line);
  return characters ? `a ${what} with ${characters}` : null;
}

/**
 * A checkpoint from a note text (with its final newline). Strict: a non-empty origin, a decimal size
 * with no leading zeros that fits a safe integer, a root hash that is the standard base64 of exactly 32
 * bytes, and non-empty extension lines. Throws CheckpointFormatError.
 */
export function parseCheckpoint(body: string): Checkpoint {
  const characters = noteCharacterProblem(body);
  if (characters) throw new CheckpointFormatError(`a checkpoint with ${characters}`);
  if (!body.endsWith('\n')) throw new CheckpointFormatError('a checkpoint must end in a newline');
  const [origin = '', sizeLine, rootLine, ...extensions] = body.slice(0, -1).split('\n');
  if (sizeLine === undefined || rootLine === undefined)
    throw new CheckpointFormatError('a checkpoint needs an origin line, a size line and a root hash line');
  if (origin === '') throw new CheckpointFormatError('a checkpoint needs a non-empty origin');
  const size = parseDecimal(sizeLine);
  if (size === null)
    throw new CheckpointFormatError(
      /^[0-9]+$/.test(sizeLine) && !/^0[0-9]/.test(sizeLine)
        ? `the tree size ${sizeLine} is beyond ${Number.MAX_SAFE_INTEGER}`
        : `the tree size must be a decimal with no leading zeros, not ${JSON.stringify(sizeLine)}`,
    );
  const rootHash = decodeBase64(rootLine);
  if (rootHash?.length !== 32)
    throw new CheckpointFormatError(`the root hash must be the base64 of 32 bytes, not ${JSON.stringify(rootLine)}`);
  if (extensions.some((line) => line === ''))
    throw new CheckpointFormatError('a checkpoint has an empty extension line');
  return { origin, size, rootHash, extensions };
}

/** The note text of a checkpoint, each line ending in a newline. Throws CheckpointFormatError. */
export function formatCheckpoint(cp: Checkpoint): string {
  const problem = [
    lineProblem(cp.origin, 'origin'),
    ...cp.extensions.map((line) => lineProblem(line, 'extension line')),
  ].find((found) => found !== null);
  if (problem) throw new CheckpointFormatError(`a checkpoint with ${problem}`);
  if (!Number.isSafeInteger(cp.size) || cp.size < 0)
    throw new CheckpointFormatError(`the tree size ${cp.size} is not a non-negative safe integer`);
  if (cp.rootHash.length !== 32) throw new CheckpointFormatError(`a root hash has 32 bytes, not ${cp.rootHash.length}`);
  return [cp.origin, String(cp.size), encodeBase64(cp.rootHash), ...cp.extensions].map((line) => `${line}\n`).join('');
}
