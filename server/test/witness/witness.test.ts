import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADD_CHECKPOINT_PATH,
  consistencyProof,
  cosignatureVerifier,
  createMerkleAccumulator,
  EMPTY_TREE_HASH,
  ed25519NoteSigner,
  encodeBase64,
  formatAddCheckpointRequest,
  formatCheckpoint,
  formatSignatureLine,
  formatSignedNote,
  type MerkleNodeSource,
  noteVerifier,
  parseSignatureLines,
  parseTlogSize,
  parseVerifierKey,
  TLOG_SIZE_CONTENT_TYPE,
  verifyCosignature,
  verifySignedNote,
} from '@signalroom/shared/tlog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWitness, startWitness } from '../../src/witness/witness.server.js';
import { WitnessStateError } from '../../src/witness/witness.state.js';
import { spawnSource } from '../helpers/processes.js';
import { pollUntil } from '../helpers/wait-for.js';
import { freePort } from '../realtime/private-redis.js';

const encoder = new TextEncoder();

/** A log of our own: an Ed25519 key named after its origin, and a real Merkle tree of its entries. */
function createLog(origin: string, seedByte: number, entryPrefix = 'entry') {
  const signer = ed25519NoteSigner(origin, new Uint8Array(32).fill(seedByte));
  const nodes = new Map<string, Uint8Array>();
  const roots: Uint8Array[] = [EMPTY_TREE_HASH];
  const tree = createMerkleAccumulator();
  const source: MerkleNodeSource = (key) => nodes.get(`${key.level}:${key.index}`)!;
  return {
    origin,
    verifierKey: signer.verifierKey,
    /** Appends entries until the tree has `size` of them. */
    growTo(size: number) {
      while (tree.size < size) {
        for (const node of tree.push(encoder.encode(`${entryPrefix} ${tree.size}`)))
          nodes.set(`${node.level}:${node.index}`, node.hash);
        roots.push(tree.root());
      }
    },
    root: (size: number) => roots[size]!,
    /** The checkpoint of the tree at `size`, signed by the log (or the note of another root). */
    note(size: number, rootHash = roots[size]!) {
      const body = formatCheckpoint({ origin, size, rootHash, extensions: [] });
      return formatSignedNote(body, [signer.sign(body)]);
    },
    proof: (from: number, to: number) => consistencyProof(source, from, to),
  };
}

interface Answer {
  status: number;
  type: string | null;
  body: string;
}

async function addCheckpoint(url: string, body: string): Promise<Answer> {
  const response = await fetch(`${url}${ADD_CHECKPOINT_PATH}`, { method: 'POST', body });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

function requestBody(oldSize: number, note: string, proof: Uint8Array[] = []): string {
  return formatAddCheckpointRequest({ oldSize, proof, checkpointNote: note });
}

/** A note's text: what the log signed and the witness cosigns. */
const textOf = (note: string) => note.slice(0, note.lastIndexOf('\n\n') + 1);

const originPath = (origin: string) => `/${createHash('sha256').update(origin).digest('hex')}/checkpoint`;

describe('the witness (C2SP tlog-witness) over HTTP', () => {
  const log = createLog('example.com/log', 1);
  const forged = createLog('example.com/log', 1, 'rewritten');
  const other = createLog('example.com/other-log', 2);
  const stranger = createLog('example.com/unknown', 3);
  const impostor = createLog('example.com/log', 4);
  const refusals: string[] = [];
  let folder: string;
  let statePath: string;
  let witness: RunningWitness;
  let held = 0;

  const start = (name?: string) =>
    startWitness({
      port: 0,
      logKeys: [log.verifierKey, other.verifierKey],
      statePath,
      log: (line) => refusals.push(line),
      ...(name ? { name } : {}),
    });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'witness-'));
    statePath = join(folder, 'witness.json');
    for (const tree of [log, forged, other, stranger, impostor]) tree.growTo(40);
    witness = await start('witness.test/w1');
  });

  afterAll(async () => {
    await witness.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('creates its state file with mode 600, holding its seed, its name and no log yet', async () => {
    expect((await stat(statePath)).mode & 0o777).toBe(0o600);
    const state = JSON.parse(await readFile(statePath, 'utf8'));
    expect(state).toMatchObject({ name: 'witness.test/w1', logs: {} });
    expect(Buffer.from(state.seed, 'base64')).toHaveLength(32);
    expect(parseVerifierKey(witness.verifierKey)).toMatchObject({ name: 'witness.test/w1', type: 0x04 });
  });

  it('answers 404 to monitors before it has cosigned anything for a log', async () => {
    const response = await fetch(`${witness.url}${originPath(log.origin)}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('cosigns a first checkpoint sent with old size 0, with the current time', async () => {
    const note = log.note(5);
    const answer = await addCheckpoint(witness.url, requestBody(0, note));
    expect(answer.status).toBe(200);
    const [cosignature, ...rest] = parseSignatureLines(answer.body);
    expect(rest).toEqual([]);
    const verified = verifyCosignature(witness.verifierKey, textOf(note), cosignature!);
    expect(verified).not.toBeNull();
    expect(Math.abs(verified!.timestamp - Date.now() / 1000)).toBeLessThan(60);
    // As a client does: the answer appended to the checkpoint opens with the log's and the witness's keys.
    const opened = verifySignedNote(note + answer.body, [
      noteVerifier(log.verifierKey),
      noteVerifier(witness.verifierKey),
    ]);
    expect(opened.verified.map((sig) => sig.name)).toEqual(['example.com/log', 'witness.test/w1']);
    held = 5;
  });

  it('cosigns a larger checkpoint that a consistency proof shows extends the one it holds', async () => {
    const answer = await addCheckpoint(witness.url, requestBody(held, log.note(13), log.proof(held, 13)));
    expect(answer.status).toBe(200);
    const [cosignature] = parseSignatureLines(answer.body);
    expect(verifyCosignature(witness.verifierKey, textOf(log.note(13)), cosignature!)).not.toBeNull();
    held = 13;
  });

  it('cosigns the same checkpoint again (same size, same root, no proof)', async () => {
    expect((await addCheckpoint(witness.url, requestBody(held, log.note(held)))).status).toBe(200);
  });

  it('answers 409 with the size it holds when the old size is not that size', async () => {
    for (const oldSize of [0, 5, 12]) {
      const answer = await addCheckpoint(witness.url, requestBody(oldSize, log.note(20), log.proof(oldSize, 20)));
      expect(answer).toEqual({ status: 409, type: TLOG_SIZE_CONTENT_TYPE, body: '13\n' });
      expect(parseTlogSize(answer.body)).toBe(held);
    }
  });

  it('refuses a rewritten history (422) and keeps the checkpoint it held, logging the refusal', async () => {
    const before = await (await fetch(`${witness.url}${originPath(log.origin)}`)).text();
    const stateBefore = await readFile(statePath, 'utf8');
    expect(forged.root(20)).not.toEqual(log.root(20));
    const answer = await addCheckpoint(witness.url, requestBody(held, forged.note(20), forged.proof(held, 20)));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatch(/consistency proof from 13 to 20 does not verify/);
    expect(await (await fetch(`${witness.url}${originPath(log.origin)}`)).text()).toBe(before);
    expect(await readFile(statePath, 'utf8')).toBe(stateBefore);
    expect(refusals.at(-1)).toMatch(/refused 422 origin="example\.com\/log" old=13 size=20: the consistency proof/);
    // The honest proof for the honest checkpoint still goes through afterwards.
    expect((await addCheckpoint(witness.url, requestBody(held, log.note(20), log.proof(held, 20)))).status).toBe(200);
    held = 20;
  });

  it('refuses another root at the size it holds (422), and a wrong proof for a larger size', async () => {
    const sameSize = await addCheckpoint(witness.url, requestBody(held, forged.note(held)));
    expect(sameSize.status).toBe(422);
    expect(sameSize.body).toMatch(/same size/);
    const badProof = log.proof(held, 30).map((hash) => hash.map((byte) => byte ^ 1));
    expect((await addCheckpoint(witness.url, requestBody(held, log.note(30), badProof))).status).toBe(422);
    expect((await addCheckpoint(witness.url, requestBody(held, log.note(30), []))).status).toBe(422);
  });

  it('answers 404 for an origin it has no key for', async () => {
    const answer = await addCheckpoint(witness.url, requestBody(0, stranger.note(3)));
    expect(answer.status).toBe(404);
    expect(refusals.at(-1)).toMatch(/refused 404 origin="example\.com\/unknown"/);
  });

  it('answers 403 without a trusted signature, or with a trusted key whose signature fails', async () => {
    const unknownKey = await addCheckpoint(witness.url, requestBody(held, impostor.note(30)));
    expect(unknownKey.status).toBe(403);
    expect(unknownKey.body).toMatch(/no signature from a known key/);
    const note = log.note(30);
    const [body, signatureLine] = note.split('\n\n') as [string, string];
    const [sig] = parseSignatureLines(signatureLine);
    sig!.signature[0]! ^= 1;
    const broken = `${body}\n\n${formatSignatureLine(sig!)}`;
    expect((await addCheckpoint(witness.url, requestBody(held, broken, log.proof(held, 30)))).status).toBe(403);
    // A valid signature beside it does not save a note with a failing one.
    const both = `${note}${formatSignatureLine(sig!)}`;
    expect((await addCheckpoint(witness.url, requestBody(held, both, log.proof(held, 30)))).status).toBe(403);
  });

  it('answers 400 for malformed requests and an old size beyond the checkpoint, 413 for a huge body', async () => {
    expect((await addCheckpoint(witness.url, 'hello')).status).toBe(400);
    expect((await addCheckpoint(witness.url, `old 01\n\n${log.note(30)}`)).status).toBe(400);
    expect(
      (await addCheckpoint(witness.url, requestBody(held, log.note(30)).replace('\n\n', '\nnot-a-hash\n\n'))).status,
    ).toBe(400);
    expect((await addCheckpoint(witness.url, `old 31\n\n${log.note(30)}`)).status).toBe(400);
    expect((await addCheckpoint(witness.url, `old 0\n\n${log.note(30)}`.replace('\n30\n', '\n030\n'))).status).toBe(
      400,
    );
    const huge = await fetch(`${witness.url}${ADD_CHECKPOINT_PATH}`, { method: 'POST', body: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect((await fetch(`${witness.url}${ADD_CHECKPOINT_PATH}`)).status).toBe(405);
  });

  it('answers 422 for an empty tree with another root and for a proof after old size 0', async () => {
    const emptyWithRoot = await addCheckpoint(witness.url, requestBody(0, other.note(0, other.root(3))));
    expect(emptyWithRoot.status).toBe(422);
    expect(emptyWithRoot.body).toMatch(/size 0/);
    expect((await addCheckpoint(witness.url, requestBody(0, other.note(8), other.proof(4, 8)))).status).toBe(422);
    expect((await addCheckpoint(witness.url, requestBody(0, other.note(0)))).status).toBe(200);
    expect((await addCheckpoint(witness.url, requestBody(0, other.note(8)))).status).toBe(200);
  });

  it('cosigns only one of two requests made against the same held size at once', async () => {
    const [first, second] = await Promise.all([
      addCheckpoint(witness.url, requestBody(held, log.note(25), log.proof(held, 25))),
      addCheckpoint(witness.url, requestBody(held, log.note(33), log.proof(held, 33))),
    ]);
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    const winner = first!.status === 200 ? 25 : 33;
    expect((first!.status === 409 ? first : second)!.body).toBe(`${winner}\n`);
    held = winner;
  });

  it('serves monitors the latest checkpoint with the log signature it verified and its own cosignature', async () => {
    const response = await fetch(`${witness.url}${originPath(log.origin)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const note = await response.text();
    expect(note.startsWith(`example.com/log\n${held}\n${encodeBase64(log.root(held))}\n\n`)).toBe(true);
    const opened = verifySignedNote(note, [noteVerifier(log.verifierKey), cosignatureVerifier(witness.verifierKey)]);
    expect(opened.verified.map((sig) => sig.name)).toEqual(['example.com/log', 'witness.test/w1']);
    expect(note.split('\n').filter((line) => line.startsWith('—'))).toHaveLength(2);
  });

  it('refuses a second witness on the same state file while the first runs', async () => {
    await expect(start()).rejects.toThrow(/in use/);
  });

  it('keeps its key and what it holds across a restart on the same state file', async () => {
    const key = witness.verifierKey;
    const before = await (await fetch(`${witness.url}${originPath(log.origin)}`)).text();
    await witness.close();
    witness = await start();
    expect(witness.verifierKey).toBe(key);
    expect(await (await fetch(`${witness.url}${originPath(log.origin)}`)).text()).toBe(before);
    expect((await addCheckpoint(witness.url, requestBody(0, log.note(held)))).body).toBe(`${held}\n`);
    expect((await addCheckpoint(witness.url, requestBody(held, log.note(40), log.proof(held, 40)))).status).toBe(200);
    await expect(start('witness.test/another-name')).rejects.toThrow(/in use/);
  });

  it('refuses to take another name on a state file that has one', async () => {
    await witness.close();
    await expect(start('witness.test/another-name')).rejects.toThrow(/belongs to the witness witness\.test\/w1/);
    witness = await start();
  });
});

describe('the state file', () => {
  const log = createLog('example.com/log', 1);

  it('takes over the lock of a witness that died, and refuses a file it cannot trust', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'witness-state-'));
    const statePath = join(folder, 'witness.json');
    try {
      // A process ID above the kernel's maximum (2^22) belongs to no running process.
      await writeFile(`${statePath}.lock`, '4194305\n');
      const witness = await startWitness({ port: 0, logKeys: [log.verifierKey], statePath });
      await witness.close();
      const state = JSON.parse(await readFile(statePath, 'utf8'));
      for (const broken of [
        '{',
        JSON.stringify({ ...state, seed: 'AAAA' }),
        JSON.stringify({ ...state, name: 'two words' }),
        JSON.stringify({ ...state, logs: { 'example.com/log': { size: 0, rootHash: state.seed, checkpoint: 'x\n' } } }),
        JSON.stringify({
          ...state,
          logs: { 'example.com/log': { size: 1, rootHash: state.seed, checkpoint: log.note(0) } },
        }),
      ]) {
        await writeFile(statePath, broken);
        await expect(startWitness({ port: 0, logKeys: [log.verifierKey], statePath })).rejects.toThrow(
          WitnessStateError,
        );
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a cosigner key where a log key is expected', async () => {
    const cosignerKey = 'remora.n621.de+da77ade7+BOvN63jn/bLvkieywe8R6UYAtVtNbZpXh34x7onlmtw2';
    await expect(startWitness({ port: 0, logKeys: [cosignerKey], statePath: '/nonexistent/x' })).rejects.toThrow(
      /type 0x01/,
    );
  });
});

describe('npm run witness (the CLI as its own process)', () => {
  it('prints its verifier key, cosigns over HTTP and exits cleanly on SIGTERM', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'witness-cli-'));
    const log = createLog('example.com/cli-log', 5);
    log.growTo(7);
    const port = await freePort();
    const child = spawnSource(
      'server/src/cli/witness.ts',
      [
        '--port',
        String(port),
        '--log-key',
        log.verifierKey,
        '--state',
        join(folder, 'state.json'),
        '--name',
        'witness.test/cli',
      ],
      {},
    );
    try {
      await pollUntil(() => child.output().includes('listening on'), {
        timeoutMs: 20_000,
        message: `the witness did not start:\n${child.output()}`,
      });
      const printed = /^witness verifier key: (\S+)$/m.exec(child.output())?.[1];
      expect(parseVerifierKey(printed!)).toMatchObject({ name: 'witness.test/cli', type: 0x04 });
      expect(child.output()).toContain(`listening on http://127.0.0.1:${port}`);
      const note = log.note(7);
      const answer = await addCheckpoint(`http://127.0.0.1:${port}`, requestBody(0, note));
      expect(answer.status).toBe(200);
      expect(verifySignedNote(note + answer.body, [noteVerifier(printed!)]).verified).toHaveLength(1);
      child.child.kill('SIGTERM');
      expect(await child.waitForExit(10_000)).toBe(0);
      expect(child.output()).toContain('SIGTERM: shutting down');
    } finally {
      child.child.kill('SIGKILL');
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('exits with its usage when an option is missing', async () => {
    const child = spawnSource('server/src/cli/witness.ts', ['--port', '1'], {});
    expect(await child.waitForExit(20_000)).toBe(2);
    expect(child.output()).toMatch(/at least one --log-key is needed[\s\S]*Usage:/);
  });
});
