import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ADD_CHECKPOINT_PATH,
  decodeUtf8,
  ed25519Cosigner,
  ed25519NoteVerifier,
  formatSignatureLine,
  formatSignedNote,
  formatTlogSize,
  NOTE_KEY_TYPE_ED25519,
  type NoteVerifier,
  parseVerifierKey,
  TLOG_SIZE_CONTENT_TYPE,
} from '@signalroom/shared/tlog';
import { lockStateFile } from './witness.lock.js';
import { authenticateRequest, checkAgainstHeld, type Refusal } from './witness.rules.js';
import { type LogState, loadOrCreateWitnessState, saveWitnessState, type WitnessState } from './witness.state.js';

/**
 * A witness (C2SP tlog-witness) anyone can run: it cosigns a log's checkpoint only when it extends
 * the last one it cosigned for that log, so a log that shows two histories gets caught. It serves
 * `POST /add-checkpoint` and, to monitors, `GET /<sha256(origin) in hex>/checkpoint`. Standalone: node
 * built-ins and the shared tlog module only.
 */

/** Bodies beyond this are refused (413): a checkpoint with a few signatures and 63 hashes is ~4 KiB. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export interface WitnessOptions {
  port: number;
  host?: string;
  /** Verifier keys (type 0x01) of the logs to witness; a key's name is the origin it signs for. */
  logKeys: readonly string[];
  /** The state file (created on first start). */
  statePath: string;
  /** The witness's key name; a default one is chosen when the state file is created. */
  name?: string;
  /** Where refusals are written, a line each; stderr by default. */
  log?: (line: string) => void;
}

export interface RunningWitness {
  url: string;
  name: string;
  /** The witness's cosigner key (type 0x04), for clients to trust. */
  verifierKey: string;
  /** Stops taking requests, lets a cosignature being written finish, releases the state file. */
  close(): Promise<void>;
}

/** The trusted keys per origin, from `--log-key` values. Throws for a key that is not a log's note key. */
export function logVerifiers(vkeys: readonly string[]): Map<string, NoteVerifier[]> {
  const byOrigin = new Map<string, NoteVerifier[]>();
  for (const vkey of new Set(vkeys)) {
    const key = parseVerifierKey(vkey);
    if (key.type !== NOTE_KEY_TYPE_ED25519) throw new Error(`${vkey} is not a log's Ed25519 note key (type 0x01)`);
    byOrigin.set(key.name, [...(byOrigin.get(key.name) ?? []), ed25519NoteVerifier(key)]);
  }
  return byOrigin;
}

const originHash = (origin: string) => createHash('sha256').update(origin, 'utf8').digest('hex');

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' });
  response.end(body);
}

/** The body as text, or the status it is refused with (413 too long, 400 not UTF-8). */
function readBody(request: IncomingMessage): Promise<string | Refusal> {
  const tooLong: Refusal = { status: 413, reason: `a body over ${MAX_REQUEST_BYTES} bytes` };
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) {
      request.resume();
      return resolve(tooLong);
    }
    const chunks: Buffer[] = [];
    let length = 0;
    // Events rather than for-await: leaving that loop early would destroy the socket the 413 goes out on.
    request.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_REQUEST_BYTES) resolve(tooLong);
      else chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(decodeUtf8(Buffer.concat(chunks)) ?? { status: 400, reason: 'a body that is not UTF-8' }),
    );
    request.on('error', reject);
  });
}

/** Starts a witness on its state file; resolves once it listens. */
export async function startWitness(options: WitnessOptions): Promise<RunningWitness> {
  const logKeys = logVerifiers(options.logKeys);
  if (logKeys.size === 0) throw new Error('a witness needs at least one log key');
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const release = await lockStateFile(options.statePath);
  let state: WitnessState;
  try {
    state = await loadOrCreateWitnessState(options.statePath, options.name);
  } catch (error) {
    await release();
    throw error;
  }
  const cosigner = ed25519Cosigner(state.name, state.seed);
  const origins = new Map([...state.logs.keys()].map((origin) => [originHash(origin), origin]));
  // Check-and-persist runs one request at a time: two checkpoints checked against one held size must
  // not both be cosigned, or the second write would roll the log back.
  let turn: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    // The next one waits for this one whatever its outcome; a failure is answered to its own request.
    turn = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };

  const refuse = (response: ServerResponse, r: Refusal) => {
    log(
      `${new Date().toISOString()} refused ${r.status} origin=${JSON.stringify(r.origin ?? null)} ` +
        `old=${r.oldSize ?? '-'} size=${r.size ?? '-'}: ${r.reason}`,
    );
    if (r.status === 413) response.setHeader('Connection', 'close');
    if (r.heldSize !== undefined) send(response, r.status, formatTlogSize(r.heldSize), TLOG_SIZE_CONTENT_TYPE);
    else send(response, r.status, `${r.reason}\n`);
  };

  const addCheckpoint = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    if (typeof body !== 'string') return refuse(response, body);
    const authentic = authenticateRequest(body, logKeys);
    if ('status' in authentic) return refuse(response, authentic);
    const { checkpoint, note } = authentic.request;
    const outcome = await serially(async () => {
      const refusal = checkAgainstHeld(authentic.request, state.logs.get(checkpoint.origin));
      if (refusal) return { refusal, line: null };
      const cosignature = cosigner.cosign(note.text, Math.floor(Date.now() / 1000));
      const held: LogState = {
        size: checkpoint.size,
        rootHash: checkpoint.rootHash,
        checkpoint: formatSignedNote(note.text, [...authentic.verified, cosignature]),
      };
      const next = { ...state, logs: new Map(state.logs).set(checkpoint.origin, held) };
      await saveWitnessState(options.statePath, next);
      state = next;
      origins.set(originHash(checkpoint.origin), checkpoint.origin);
      return { refusal: null, line: formatSignatureLine(cosignature) };
    });
    if (outcome.refusal) return refuse(response, outcome.refusal);
    send(response, 200, outcome.line);
  };

  const monitor = (path: string, response: ServerResponse) => {
    const origin = origins.get(path.slice(1, 65));
    const held = origin === undefined ? undefined : state.logs.get(origin);
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (!held) return send(response, 404, 'no checkpoint cosigned for this log\n');
    response.setHeader('Cache-Control', 'no-cache');
    send(response, 200, held.checkpoint);
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] as string;
    const handle = async () => {
      if (path === ADD_CHECKPOINT_PATH) {
        if (request.method === 'POST') return addCheckpoint(request, response);
        response.setHeader('Allow', 'POST');
        return send(response, 405, 'use POST\n');
      }
      if (/^\/[0-9a-f]{64}\/checkpoint$/.test(path) && (request.method === 'GET' || request.method === 'HEAD'))
        return monitor(path, response);
      send(response, 404, 'not found\n');
    };
    handle().catch((error: Error) => {
      log(`${new Date().toISOString()} error ${request.method} ${path}: ${error.stack ?? error.message}`);
      if (!response.headersSent) send(response, 500, 'the witness could not answer\n');
      else response.destroy(error);
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await release();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    name: state.name,
    verifierKey: cosigner.verifierKey,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await turn;
      server.closeAllConnections();
      await closed;
      await release();
    },
  };
}
