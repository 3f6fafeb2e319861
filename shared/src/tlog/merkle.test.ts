import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  consistencyProof,
  createMerkleAccumulator,
  EMPTY_TREE_ROOT,
  frontierKeys,
  hexToBytes,
  inclusionProof,
  type MerkleNodeSource,
  merkleRoot,
  nodesRead,
  verifyConsistency,
  verifyInclusion,
} from './merkle.js';

/**
 * The reference vectors of Certificate Transparency (the eight leaves, the root of every prefix, and
 * proofs between them), as published with Google's RFC 6962 implementation and kept in the
 * transparency-dev/merkle repository (proof/verify_test.go). Our tree must match them bit for bit.
 */
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION: { leaf: number; size: number; proof: string[] }[] = [
  {
    leaf: 1,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    leaf: 6,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  { leaf: 3, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  {
    leaf: 2,
    size: 5,
    proof: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];
const CONSISTENCY: { from: number; to: number; proof: string[] }[] = [
  {
    from: 1,
    to: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    from: 6,
    to: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    from: 2,
    to: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    from: 6,
    to: 7,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];

/** A tree built leaf by leaf, its completed nodes kept as a server keeps them. */
function treeOf(leaves: Uint8Array[]): { nodes: MerkleNodeSource; roots: string[] } {
  const stored = new Map<string, Uint8Array>();
  const acc = createMerkleAccumulator();
  const roots: string[] = [];
  for (const leaf of leaves) {
    for (const node of acc.push(leaf)) stored.set(`${node.level}:${node.index}`, node.hash);
    roots.push(bytesToHex(acc.root()));
  }
  const nodes: MerkleNodeSource = ({ level, index }) => {
    const hash = stored.get(`${level}:${index}`);
    if (!hash) throw new Error(`node ${level}:${index} was never completed`);
    return hash;
  };
  return { nodes, roots };
}

const hex = (proof: Uint8Array[]) => proof.map(bytesToHex);
const bytes = (proof: string[]) => proof.map(hexToBytes);
const flip = (b: Uint8Array) => Uint8Array.from(b, (x, i) => (i === 0 ? x ^ 16 : x));

describe('the Merkle tree against the Certificate Transparency vectors', () => {
  const { nodes, roots } = treeOf(LEAVES.map(hexToBytes));

  it('has the published root at every size, and SHA-256 of nothing when empty', () => {
    expect(roots).toEqual(ROOTS);
    expect(LEAVES.map((_, i) => bytesToHex(merkleRoot(nodes, i + 1)))).toEqual(ROOTS);
    expect(bytesToHex(merkleRoot(nodes, 0))).toBe(EMPTY_TREE_ROOT);
  });

  it('builds the published inclusion proofs, which verify, and refuses them altered', () => {
    for (const v of INCLUSION) {
      const index = v.leaf - 1;
      expect(hex(inclusionProof(nodes, index, v.size))).toEqual(v.proof);
      const leaf = nodes({ level: 0, index });
      const root = hexToBytes(ROOTS[v.size - 1] as string);
      expect(verifyInclusion(leaf, index, v.size, bytes(v.proof), root)).toBe(true);
      expect(verifyInclusion(leaf, index + 1, v.size, bytes(v.proof), root)).toBe(false);
      expect(verifyInclusion(leaf, index, v.size * 2, bytes(v.proof), root)).toBe(false);
      expect(verifyInclusion(leaf, index, v.size, bytes(v.proof).slice(1), root)).toBe(false);
      expect(verifyInclusion(leaf, index, v.size, [...bytes(v.proof), root], root)).toBe(false);
      expect(verifyInclusion(flip(leaf), index, v.size, bytes(v.proof), root)).toBe(false);
    }
  });

  it('builds the published consistency proofs, which verify, and refuses them altered', () => {
    for (const v of CONSISTENCY) {
      expect(hex(consistencyProof(nodes, v.from, v.to))).toEqual(v.proof);
      const from = hexToBytes(ROOTS[v.from - 1] as string);
      const to = hexToBytes(ROOTS[v.to - 1] as string);
      const proof = bytes(v.proof);
      expect(verifyConsistency(v.from, v.to, from, to, proof)).toBe(true);
      expect(verifyConsistency(v.from, v.to, to, from, proof)).toBe(false);
      expect(verifyConsistency(v.from + 1, v.to, from, to, proof)).toBe(false);
      expect(verifyConsistency(v.from, v.to, from, to, [])).toBe(false);
      expect(verifyConsistency(v.from, v.to, from, to, proof.slice(0, -1))).toBe(false);
      expect(verifyConsistency(v.from, v.to, from, to, [...proof, to])).toBe(false);
      proof.forEach((_, i) => {
        const changed = proof.map((p, j) => (j === i ? flip(p) : p));
        expect(verifyConsistency(v.from, v.to, from, to, changed)).toBe(false);
      });
    }
  });

  it('treats equal sizes and the empty tree as the RFC does', () => {
    const root = hexToBytes(ROOTS[3] as string);
    expect(verifyConsistency(4, 4, root, root, [])).toBe(true);
    expect(verifyConsistency(4, 4, root, hexToBytes(ROOTS[2] as string), [])).toBe(false);
    expect(verifyConsistency(0, 4, hexToBytes(EMPTY_TREE_ROOT), root, [])).toBe(true);
    expect(verifyConsistency(5, 4, root, root, [])).toBe(false);
  });
});

describe('the Merkle tree at any size', () => {
  const leaves = Array.from({ length: 300 }, (_, i) => Uint8Array.of(i & 255, i >> 8));
  const { nodes, roots } = treeOf(leaves);

  it('proves every prefix consistent with every later tree, and no other root', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const proof = consistencyProof(nodes, from, to);
        const fromRoot = hexToBytes(roots[from - 1] as string);
        const toRoot = hexToBytes(roots[to - 1] as string);
        expect(verifyConsistency(from, to, fromRoot, toRoot, proof)).toBe(true);
        if (from < to) {
          const other = hexToBytes(roots[from === 1 ? 1 : from - 2] as string);
          expect(verifyConsistency(from, to, other, toRoot, proof)).toBe(false);
        }
      }),
    );
  });

  it('proves every leaf in every tree that holds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.nat(), (size, pick) => {
        const index = pick % size;
        const proof = inclusionProof(nodes, index, size);
        const root = hexToBytes(roots[size - 1] as string);
        expect(verifyInclusion(nodes({ level: 0, index }), index, size, proof, root)).toBe(true);
      }),
    );
  });

  it('reads only stored nodes, which a server can name before it fetches them', () => {
    const keys = nodesRead((source) => consistencyProof(source, 13, 300));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(300)));
    expect(frontierKeys(6)).toEqual([
      { level: 2, index: 0 },
      { level: 1, index: 2 },
    ]);
    const resumed = createMerkleAccumulator(undefined, frontier(6));
    resumed.push(leaves[6] as Uint8Array);
    expect(bytesToHex(resumed.root())).toBe(roots[6]);
  });

  function frontier(size: number) {
    return frontierKeys(size).map((key) => ({ ...key, hash: nodes(key) }));
  }
});
