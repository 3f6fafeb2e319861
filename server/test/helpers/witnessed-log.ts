import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519NoteSigner } from '@signalroom/shared/tlog';
import { formatPrivateKey } from '@signalroom/shared-node';
import { type RunningWitness, startWitness } from '../../src/witness/witness.server.js';
import { engineFor } from '../signals/signal-helpers.js';
import type { TestServer } from './test-server.js';

/**
 * A track record with real witnesses around it: the log's key made first (in its own file, as an
 * operator would), then witnesses started with that key (the program anyone can run, in this process),
 * then the environment a server needs to ask them. Nothing is mocked: the server speaks the C2SP
 * witness protocol over HTTP to witnesses that keep their state in files.
 */
export interface WitnessedLog {
  origin: string;
  /** The log's verifier key (what witnesses and verifiers are given). */
  logKey: string;
  keyFile: string;
  witnesses: RunningWitness[];
  /** The server's environment: key file, origin, witnesses, quorum. */
  env: Record<string, string>;
  /** Stops a witness (it no longer answers), keeping its state for a restart. */
  stop(index: number): Promise<void>;
  cleanup(): Promise<void>;
}

export async function createWitnessedLog(
  options: { witnesses?: number; quorum?: number; env?: Record<string, string> } = {},
): Promise<WitnessedLog> {
  const dir = await mkdtemp(join(tmpdir(), 'sr-witnessed-'));
  const origin = `test-${randomBytes(4).toString('hex')}.signalroom.local/track-record`;
  const seed = randomBytes(32);
  const keyFile = join(dir, 'record-signing.key');
  await writeFile(keyFile, formatPrivateKey(origin, seed), { mode: 0o600 });
  const logKey = ed25519NoteSigner(origin, seed).verifierKey;
  const witnesses: RunningWitness[] = [];
  for (let i = 0; i < (options.witnesses ?? 1); i += 1) {
    witnesses.push(
      await startWitness({
        port: 0,
        logKeys: [logKey],
        statePath: join(dir, `witness-${i}.json`),
        name: `witness-${i}.test.local/${origin.slice(5, 13)}`,
        log: () => {},
      }),
    );
  }
  const stopped = new Set<number>();
  return {
    origin,
    logKey,
    keyFile,
    witnesses,
    env: {
      RECORD_ORIGIN: origin,
      RECORD_SIGNING_KEY_FILE: keyFile,
      RECORD_WITNESSES: witnesses.map((w) => `${w.verifierKey}@${w.url}`).join(','),
      ...(options.quorum === undefined ? {} : { RECORD_WITNESS_QUORUM: String(options.quorum) }),
      ...options.env,
    },
    async stop(index) {
      stopped.add(index);
      await witnesses[index]?.close();
    },
    async cleanup() {
      for (const [i, w] of witnesses.entries()) if (!stopped.has(i)) await w.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let lastSlot = 0;

/**
 * Issues a signal for a slot that starts about now (logged on time, so witnesses can cosign it in
 * time), with windows of `windowMs` so it is public within seconds, and resolves it. The strategy
 * finds no setup in some slots (the slot records why): the next second's slot is tried then.
 */
export async function issueSignalNow(server: TestServer, windowMs: number): Promise<string> {
  const engine = engineFor(server, { intervalMs: windowMs });
  for (let attempt = 0; attempt < 30; attempt += 1) {
    lastSlot = Math.max(lastSlot + 1000, Math.floor(Date.now() / 1000) * 1000 - 1000);
    const signal = await engine.runSlot(new Date(lastSlot));
    if (!signal) continue;
    await engine.resolveSignal(signal.id);
    return signal.id;
  }
  throw new Error('no signal issued in 30 slots');
}
