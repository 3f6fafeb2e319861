import { createHash, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkTrackRecord, portableSha256Hex } from '../index.js';
import {
  cosignatureMessage,
  ed25519Cosigner,
  ed25519NoteSigner,
  entryBundlePath,
  formatCheckpoint,
  formatSignatureLine,
  formatSignedNote,
  tilePath,
} from '../tlog/index.js';
import {
  bytesToHex,
  consistencyProof,
  createMerkleAccumulator,
  hexToBytes,
  inclusionProof,
  type MerkleNodeSource,
  verifyConsistency,
  verifyInclusion,
} from '../tlog/merkle.js';
import { checkpointMessage, type TTrackRecordCheckpoint, verifyCheckpointSignature } from './checkpoint.js';
import { encodeTrackRecordPayload, type TTrackRecordEntry, ZTrackRecordEntry } from './entries.js';
import { noteSignedBy, readCheckpointNote, verifiedCosignatures } from './note.js';
import { rateOf, type TRate } from './stats.js';

/**
 * The published format's test vectors (docs/track-record-format.md, read from the document itself):
 * the hashes recompute from the canonical texts with nothing but SHA-256, as an independent verifier
 * would, and the implementation produces exactly those texts, hashes, roots, proofs, signature and rates.
 */
interface Vectors {
  entries: (TTrackRecordEntry & { canonical: string })[];
  merkle: { leafHashes: string[]; roots: string[] };
  inclusion: { seq: number; size: number; proof: string[] };
  consistency: { from: number; to: number; proof: string[] };
  checkpoint: { privateKeySeed: string; publicKey: string; message: string; checkpoint: TTrackRecordCheckpoint };
  rates: TRate[];
}

const doc = readFileSync(new URL('../../../docs/track-record-format.md', import.meta.url), 'utf8');
const block = /<!-- vectors:start -->\s*```json\n([\s\S]*?)\n```\s*<!-- vectors:end -->/.exec(doc);
const vectors = JSON.parse(block?.[1] ?? 'null') as Vectors;
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

describe('the track record format document', () => {
  it('holds vectors for both payload versions and both kinds', () => {
    expect(vectors.entries.map((e) => [e.payload.v, e.payload.kind])).toEqual([
      [1, 'signal'],
      [1, 'outcome'],
      [2, 'signal'],
      [2, 'outcome'],
    ]);
  });

  it('gives hashes that SHA-256 alone recomputes from the canonical texts, chained from 64 zeros', () => {
    let prev = '0'.repeat(64);
    for (const e of vectors.entries) {
      expect(e.prevHash).toBe(prev);
      expect(sha256(Buffer.from(`${prev}\n${e.canonical}`, 'utf8')).toString('hex')).toBe(e.hash);
      prev = e.hash;
    }
  });

  it('matches the implementation: canonical texts, the chain check and the portable hash', () => {
    for (const e of vectors.entries) {
      expect(encodeTrackRecordPayload(e.payload)).toBe(e.canonical);
      expect(ZTrackRecordEntry.parse(e).hash).toBe(e.hash);
    }
    const check = checkTrackRecord(vectors.entries, portableSha256Hex);
    expect(check).toEqual({
      ok: true,
      length: 4,
      head: vectors.entries[3]?.hash,
      root: vectors.merkle.roots[3],
    });
  });

  it('gives the leaf hashes and roots of RFC 9162 over the entry hashes, and its proofs', () => {
    const stored = new Map<string, Uint8Array>();
    const acc = createMerkleAccumulator();
    vectors.entries.forEach((e, i) => {
      const data = hexToBytes(e.hash);
      const leaf = sha256(Buffer.concat([Buffer.of(0), data])).toString('hex');
      expect(leaf).toBe(vectors.merkle.leafHashes[i]);
      for (const node of acc.push(data)) stored.set(`${node.level}:${node.index}`, node.hash);
      expect(bytesToHex(acc.root())).toBe(vectors.merkle.roots[i]);
    });
    const nodes: MerkleNodeSource = (k) => stored.get(`${k.level}:${k.index}`) as Uint8Array;
    const { inclusion, consistency, merkle } = vectors;
    expect(inclusionProof(nodes, inclusion.seq - 1, inclusion.size).map(bytesToHex)).toEqual(inclusion.proof);
    const leaf = hexToBytes(merkle.leafHashes[inclusion.seq - 1] as string);
    const root = hexToBytes(merkle.roots[inclusion.size - 1] as string);
    expect(verifyInclusion(leaf, inclusion.seq - 1, inclusion.size, inclusion.proof.map(hexToBytes), root)).toBe(true);
    expect(consistencyProof(nodes, consistency.from, consistency.to).map(bytesToHex)).toEqual(consistency.proof);
    const from = hexToBytes(merkle.roots[consistency.from - 1] as string);
    const to = hexToBytes(merkle.roots[consistency.to - 1] as string);
    expect(verifyConsistency(consistency.from, consistency.to, from, to, consistency.proof.map(hexToBytes))).toBe(true);
  });

  it("gives a checkpoint whose message and Ed25519 signature Node's crypto reproduces from the seed", () => {
    const { checkpoint, message, privateKeySeed, publicKey } = vectors.checkpoint;
    expect(checkpointMessage(checkpoint)).toBe(message);
    expect(checkpoint).toMatchObject({ size: 4, head: vectors.entries[3]?.hash, root: vectors.merkle.roots[3] });
    const key = createPrivateKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        d: Buffer.from(privateKeySeed, 'hex').toString('base64url'),
        x: Buffer.from(publicKey, 'hex').toString('base64url'),
      },
      format: 'jwk',
    });
    expect(sign(null, Buffer.from(message, 'utf8'), key).toString('hex')).toBe(checkpoint.signature);
    expect(verifyCheckpointSignature(checkpoint, publicKey)).toBe(true);
    expect(verifyCheckpointSignature({ ...checkpoint, size: 3 }, publicKey)).toBe(false);
  });

  it('gives rates with the Wilson interval at the exact z', () => {
    for (const rate of vectors.rates) expect(rateOf(rate.won, rate.total)).toEqual(rate);
    expect(vectors.rates[0]).toMatchObject({ won: 3, total: 3, low: 43.9 });
  });
});

/** The witnessed log's vectors (section 8.1): keys, a checkpoint note, a cosignature, the log's own entries. */
interface WitnessedVectors {
  logKey: { seed: string; origin: string; verifierKey: string };
  nextKey: { seed: string; verifierKey: string };
  checkpoint: { size: number; root: string; body: string; note: string };
  cosignature: { seed: string; name: string; verifierKey: string; timestamp: number; message: string; line: string };
  logEntries: (TTrackRecordEntry & { canonical: string })[];
  tiles: Record<string, string>;
}

const witnessedBlock =
  /<!-- witnessed-vectors:start -->\s*```json\n([\s\S]*?)\n```\s*<!-- witnessed-vectors:end -->/.exec(doc);
const witnessed = JSON.parse(witnessedBlock?.[1] ?? 'null') as WitnessedVectors;

describe('the witnessed log vectors of the format document', () => {
  it('derive the verifier keys from the seeds, and the log signs the checkpoint note exactly so', () => {
    const log = ed25519NoteSigner(witnessed.logKey.origin, hexToBytes(witnessed.logKey.seed));
    expect(log.verifierKey).toBe(witnessed.logKey.verifierKey);
    expect(ed25519NoteSigner(witnessed.logKey.origin, hexToBytes(witnessed.nextKey.seed)).verifierKey).toBe(
      witnessed.nextKey.verifierKey,
    );
    const body = formatCheckpoint({
      origin: witnessed.logKey.origin,
      size: witnessed.checkpoint.size,
      rootHash: hexToBytes(witnessed.checkpoint.root),
      extensions: [],
    });
    expect(body).toBe(witnessed.checkpoint.body);
    expect(witnessed.checkpoint.root).toBe(vectors.merkle.roots[3]);
    expect(formatSignedNote(body, [log.sign(body)])).toBe(witnessed.checkpoint.note);
    expect(noteSignedBy(readCheckpointNote(witnessed.checkpoint.note), witnessed.logKey.verifierKey)).toBe(true);
  });

  it('give the cosignature a witness makes, and it verifies over the checkpoint', () => {
    const witness = ed25519Cosigner(witnessed.cosignature.name, hexToBytes(witnessed.cosignature.seed));
    expect(witness.verifierKey).toBe(witnessed.cosignature.verifierKey);
    expect(cosignatureMessage(witnessed.checkpoint.body, witnessed.cosignature.timestamp)).toBe(
      witnessed.cosignature.message,
    );
    const line = formatSignatureLine(witness.cosign(witnessed.checkpoint.body, witnessed.cosignature.timestamp));
    expect(line).toBe(witnessed.cosignature.line);
    const read = readCheckpointNote(witnessed.checkpoint.note + witnessed.cosignature.line);
    expect(verifiedCosignatures(read, [witnessed.cosignature.verifierKey])).toMatchObject([
      { witness: witnessed.cosignature.name, timestamp: witnessed.cosignature.timestamp },
    ]);
  });

  it("hold the log's own entries: canonical texts, hashes from SHA-256 alone, an endorsed key change, a slot", () => {
    let prev = '0'.repeat(64);
    for (const e of witnessed.logEntries) {
      expect(encodeTrackRecordPayload(e.payload)).toBe(e.canonical);
      expect(sha256(Buffer.from(`${prev}\n${e.canonical}`, 'utf8')).toString('hex')).toBe(e.hash);
      prev = e.hash;
    }
    expect(checkTrackRecord(witnessed.logEntries, portableSha256Hex)).toMatchObject({ ok: true, length: 4 });
  });

  it('name tiles as C2SP tlog-tiles writes them', () => {
    expect(witnessed.tiles['level 0, tile 1234067, width 45']).toBe(tilePath(0, 1234067, 45));
    expect(witnessed.tiles['entries of tile 5, full']).toBe(entryBundlePath(5));
  });
});
