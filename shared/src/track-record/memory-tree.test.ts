import { describe, expect, it } from 'vitest';
import { bytesToHex, consistencyProof, createMerkleAccumulator, verifyConsistency } from '../tlog/merkle.js';
import { createMemoryTree } from './memory-tree.js';

const leaf = (i: number) => {
  const bytes = new Uint8Array(32);
  new DataView(bytes.buffer).setUint32(0, i * 2654435761);
  bytes[31] = i & 0xff;
  return bytes;
};

describe('the Merkle tree held in memory', () => {
  it('gives the root at every size that a fresh accumulator gives, across snapshots and 256-leaf subtrees', () => {
    const tree = createMemoryTree();
    const accumulator = createMerkleAccumulator();
    const roots: string[] = [bytesToHex(accumulator.root())];
    for (let i = 0; i < 2200; i += 1) {
      tree.push(leaf(i));
      accumulator.push(leaf(i));
      roots.push(bytesToHex(accumulator.root()));
    }
    for (const size of [0, 1, 2, 255, 256, 257, 1023, 1024, 1025, 2047, 2048, 2199, 2200]) {
      expect(bytesToHex(tree.rootAt(size)), `size ${size}`).toBe(roots[size]);
    }
    expect(bytesToHex(tree.root())).toBe(roots[2200]);
    expect(() => tree.rootAt(2201)).toThrow();
  });

  it('answers the nodes a consistency proof needs, and the proof verifies', () => {
    const tree = createMemoryTree();
    for (let i = 0; i < 700; i += 1) tree.push(leaf(i));
    for (const [from, to] of [
      [1, 700],
      [256, 700],
      [300, 513],
      [699, 700],
    ] as const) {
      const proof = consistencyProof(tree.nodes, from, to);
      expect(verifyConsistency(from, to, tree.rootAt(from), tree.rootAt(to), proof), `${from}→${to}`).toBe(true);
    }
  });

  it('keeps every leaf as given, and refuses one that is not a 32-byte hash', () => {
    const tree = createMemoryTree();
    tree.push(leaf(7));
    expect(tree.leafData(0)).toEqual(leaf(7));
    expect(() => tree.push(new Uint8Array(31))).toThrow();
  });
});
