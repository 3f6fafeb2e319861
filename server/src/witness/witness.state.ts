import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import {
  type Checkpoint,
  CheckpointFormatError,
  decodeBase64,
  encodeBase64,
  equalBytes,
  keyNameProblem,
  NoteFormatError,
  parseCheckpoint,
  parseSignedNote,
} from '@signalroom/shared/tlog';

/**
 * What a witness keeps between runs, in one JSON file: its Ed25519 seed and name (together, its
 * identity: the verifier key derives from both) and, per log origin, the latest checkpoint it cosigned.
 * The file is replaced whole and atomically (a temporary file, fsync, rename, fsync of the folder), so a
 * crash leaves the old state or the new one, never a mix; it is created with mode 600 as it holds the key.
 */

const FORMAT = 'signalroom-witness-state/v1';

/** The latest checkpoint cosigned for one log. */
export interface LogState {
  size: number;
  rootHash: Uint8Array;
  /** The whole note served to monitors: the log's verified signatures and the witness's cosignature. */
  checkpoint: string;
}

/** The witness's identity and its view of each log. */
export interface WitnessState {
  name: string;
  seed: Uint8Array;
  logs: ReadonlyMap<string, LogState>;
}

/** A state file that cannot be used: unreadable, malformed, or not this witness's. */
export class WitnessStateError extends Error {
  override name = 'WitnessStateError';
}

/** `witness.<host>/<8 hex digits>`: unique enough, and a valid key name whatever the host is called. */
export function defaultWitnessName(): string {
  const host = hostname().replace(/[\p{White_Space}+/]/gu, '-') || 'localhost';
  return `witness.${host}/${randomBytes(4).toString('hex')}`;
}

function serialise(state: WitnessState): string {
  const logs = Object.fromEntries(
    [...state.logs].map(([origin, log]) => [
      origin,
      { size: log.size, rootHash: encodeBase64(log.rootHash), checkpoint: log.checkpoint },
    ]),
  );
  return `${JSON.stringify({ format: FORMAT, name: state.name, seed: encodeBase64(state.seed), logs }, null, 2)}\n`;
}

function parseLog(path: string, origin: string, value: unknown): LogState {
  const bad = (why: string) => new WitnessStateError(`${path}: the state of ${JSON.stringify(origin)} ${why}`);
  if (typeof value !== 'object' || value === null) throw bad('is not an object');
  const { size, rootHash, checkpoint } = value as Record<string, unknown>;
  const root = typeof rootHash === 'string' ? decodeBase64(rootHash) : null;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw bad('has no valid size');
  if (root?.length !== 32) throw bad('has no valid root hash');
  if (typeof checkpoint !== 'string') throw bad('has no checkpoint');
  let cp: Checkpoint;
  try {
    cp = parseCheckpoint(parseSignedNote(checkpoint).text);
  } catch (error) {
    if (error instanceof NoteFormatError || error instanceof CheckpointFormatError) throw bad(`holds ${error.message}`);
    throw error;
  }
  if (cp.origin !== origin || cp.size !== size || !equalBytes(cp.rootHash, root))
    throw bad('does not match the checkpoint it holds');
  return { size, rootHash: root, checkpoint };
}

function parseState(path: string, text: string): WitnessState {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new WitnessStateError(`${path} is not JSON: ${(error as Error).message}`);
  }
  const { format, name, seed, logs } = (data ?? {}) as Record<string, unknown>;
  if (format !== FORMAT) throw new WitnessStateError(`${path} is not a witness state file (${FORMAT})`);
  if (typeof name !== 'string' || keyNameProblem(name)) throw new WitnessStateError(`${path} holds no valid name`);
  const seedBytes = typeof seed === 'string' ? decodeBase64(seed) : null;
  if (seedBytes?.length !== 32) throw new WitnessStateError(`${path} holds no valid 32-byte seed`);
  if (typeof logs !== 'object' || logs === null) throw new WitnessStateError(`${path} holds no logs object`);
  const parsed = new Map(Object.entries(logs).map(([origin, log]) => [origin, parseLog(path, origin, log)]));
  return { name, seed: seedBytes, logs: parsed };
}

/** Replaces the file with `text`: never a half-written file, and on disk before this resolves. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // The rename lives in the folder: without this it may be lost in a power cut after the answer went out.
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** Writes the state; resolves once it is durable. */
export function saveWitnessState(path: string, state: WitnessState): Promise<void> {
  return writeAtomically(path, serialise(state));
}

/**
 * The state in `path`, or a new identity (fresh seed, `name` or a default one) written there first.
 * A `name` that differs from the one the file holds is refused: the name is part of the key.
 */
export async function loadOrCreateWitnessState(path: string, name?: string): Promise<WitnessState> {
  let text: string | null;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    text = null;
  }
  if (text === null) {
    const problem = name === undefined ? null : keyNameProblem(name);
    if (problem) throw new WitnessStateError(`the witness name cannot be ${problem}`);
    const state: WitnessState = { name: name ?? defaultWitnessName(), seed: randomBytes(32), logs: new Map() };
    await saveWitnessState(path, state);
    return state;
  }
  const state = parseState(path, text);
  if (name !== undefined && name !== state.name)
    throw new WitnessStateError(`${path} belongs to the witness ${state.name}, not ${name}`);
  return state;
}
