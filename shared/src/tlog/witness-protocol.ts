import { type Checkpoint, CheckpointFormatError, parseCheckpoint } from './checkpoint.js';
import { decodeBase64, encodeBase64, parseDecimal } from './encoding.js';
import { NoteFormatError, type ParsedNote, parseSignedNote } from './signed-note.js';

/**
 * The wire format of C2SP tlog-witness's add-checkpoint call: the request body (an old size line, the
 * consistency proof's hashes, a blank line, the signed checkpoint), and the size a witness answers when
 * the old size is not the one it holds.
 */

/** Where a witness takes checkpoints (under its submission prefix). */
export const ADD_CHECKPOINT_PATH = '/add-checkpoint';
/** The type of a 409 answer, whose body is the witness's size for that log and a newline. */
export const TLOG_SIZE_CONTENT_TYPE = 'text/x.tlog.size';
/** The most consistency proof lines a request may carry. */
export const MAX_CONSISTENCY_PROOF_LINES = 63;

/** A request or answer that breaks the protocol, with the HTTP status a witness answers it with. */
export class WitnessProtocolError extends Error {
  override name = 'WitnessProtocolError';
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** What a client sends to add-checkpoint. */
export interface AddCheckpointRequest {
  /** The size of the latest checkpoint the client believes the witness cosigned (0 if none). */
  oldSize: number;
  /** The consistency proof from oldSize to the checkpoint's size (empty when oldSize is 0). */
  proof: Uint8Array[];
  /** The signed checkpoint, as a whole note. */
  checkpointNote: string;
}

/** A request read by a witness: the fields, and the note and checkpoint they carry (signatures unchecked). */
export interface ParsedAddCheckpointRequest extends AddCheckpointRequest {
  note: ParsedNote;
  checkpoint: Checkpoint;
}

/** The request body: `old <size>`, one base64 hash per line, a blank line, then the note. */
export function formatAddCheckpointRequest(request: AddCheckpointRequest): string {
  if (!Number.isSafeInteger(request.oldSize) || request.oldSize < 0)
    throw new WitnessProtocolError(`old size ${request.oldSize} is not a non-negative safe integer`);
  if (request.proof.length > MAX_CONSISTENCY_PROOF_LINES)
    throw new WitnessProtocolError(`${request.proof.length} proof hashes, more than ${MAX_CONSISTENCY_PROOF_LINES}`);
  if (request.proof.some((hash) => hash.length !== 32)) throw new WitnessProtocolError('a proof hash has 32 bytes');
  parseSignedNote(request.checkpointNote);
  const proof = request.proof.map((hash) => `${encodeBase64(hash)}\n`).join('');
  return `old ${request.oldSize}\n${proof}\n${request.checkpointNote}`;
}

function nextLine(body: string, from: number): { line: string; next: number } {
  const end = body.indexOf('\n', from);
  if (end < 0) throw new WitnessProtocolError('the request ends before the blank line that precedes the checkpoint');
  return { line: body.slice(from, end), next: end + 1 };
}

/**
 * Reads an add-checkpoint body strictly. Throws WitnessProtocolError with status 400 for anything
 * malformed: the old size line, a proof line that is not the base64 of a 32-byte hash, more than 63 of
 * them, no blank line, a malformed note or checkpoint, or an old size larger than the checkpoint's.
 */
export function parseAddCheckpointRequest(body: string): ParsedAddCheckpointRequest {
  let { line, next } = nextLine(body, 0);
  const sizeText = line.startsWith('old ') ? line.slice(4) : null;
  const oldSize = sizeText === null ? null : parseDecimal(sizeText);
  if (oldSize === null)
    throw new WitnessProtocolError(
      `the first line must be "old <size>" with no leading zeros: ${JSON.stringify(line)}`,
    );
  const proof: Uint8Array[] = [];
  for (;;) {
    ({ line, next } = nextLine(body, next));
    if (line === '') break;
    if (proof.length === MAX_CONSISTENCY_PROOF_LINES)
      throw new WitnessProtocolError(`more than ${MAX_CONSISTENCY_PROOF_LINES} consistency proof lines`);
    const hash = decodeBase64(line);
    if (hash?.length !== 32)
      throw new WitnessProtocolError(
        `a consistency proof line is not the base64 of a 32-byte hash: ${JSON.stringify(line)}`,
      );
    proof.push(hash);
  }
  const checkpointNote = body.slice(next);
  let note: ParsedNote;
  let checkpoint: Checkpoint;
  try {
    note = parseSignedNote(checkpointNote);
    checkpoint = parseCheckpoint(note.text);
  } catch (error) {
    if (error instanceof NoteFormatError || error instanceof CheckpointFormatError)
      throw new WitnessProtocolError(error.message);
    throw error;
  }
  if (oldSize > checkpoint.size)
    throw new WitnessProtocolError(`old size ${oldSize} is larger than the checkpoint's size ${checkpoint.size}`);
  return { oldSize, proof, checkpointNote, note, checkpoint };
}

/** The body of a 409 answer: the size in decimal and a newline. */
export function formatTlogSize(size: number): string {
  if (!Number.isSafeInteger(size) || size < 0) throw new WitnessProtocolError(`size ${size} is not a tree size`);
  return `${size}\n`;
}

/** The size a 409 answer carries. Throws WitnessProtocolError for any other body. */
export function parseTlogSize(body: string): number {
  const size = body.endsWith('\n') ? parseDecimal(body.slice(0, -1)) : null;
  if (size === null) throw new WitnessProtocolError(`not a tree size answer: ${JSON.stringify(body)}`);
  return size;
}
