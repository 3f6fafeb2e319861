import {
  createMerkleAccumulator,
  defaultSha256,
  EMPTY_TREE_ROOT,
  hexToBytes,
  type MerkleNode,
  type MerkleNodeKey,
  type MerkleNodeSource,
  merkleLeafHash,
  merkleNodeHash,
  type Sha256,
} from '../tlog/merkle.js';

/**
 * The whole Merkle tree of a log held in memory from its verified leaves: 32 bytes a leaf, the hashes
 * of every 256-leaf subtree kept as they complete, and a snapshot of the accumulator every 1,024
 * leaves. From it come the root at any size, any node a proof or a tile needs, and the tiles themselves,
 * without trusting stored tree nodes that anyone with database access could change: what a process
 * serves is what it verified.
 */
export interface MemoryTree {
  readonly size: number;
  /** Appends a leaf's data (the entry's 32-byte hash). */
  push(leafData: Uint8Array): void;
  /** The root of the whole tree. */
  root(): Uint8Array;
  /** The root of the first `size` leaves. */
  rootAt(size: number): Uint8Array;
  /** The data of leaf `index` (0-based). */
  leafData(index: number): Uint8Array;
  /** Perfect subtree hashes, for the proof functions (nodes beyond the tree throw). */
  nodes: MerkleNodeSource;
  /** The accumulator's perfect subtrees now (to continue the tree elsewhere, e.g. in an append). */
  frontier(): MerkleNode[];
}

/** Leaves per cached subtree: one full level-0 tile. */
const TILE = 256;
const SNAPSHOT_EVERY = 1024;

export function createMemoryTree(sha256: Sha256 = defaultSha256): MemoryTree {
  let leaves = new Uint8Array(32 * 1024);
  let size = 0;
  const accumulator = createMerkleAccumulator(sha256);
  /** Hash of every complete 256-leaf subtree, by its index (level 8 of the tree). */
  const tileHashes: Uint8Array[] = [];
  /** Accumulator frontiers at every multiple of SNAPSHOT_EVERY leaves (index k: at k × SNAPSHOT_EVERY). */
  const snapshots: MerkleNode[][] = [[]];

  const leafData = (index: number) => leaves.subarray(index * 32, index * 32 + 32);
  const leafHash = (index: number) => merkleLeafHash(leafData(index), sha256);

  /** The hash of the perfect subtree at `level` (2^level leaves) starting at leaf index × 2^level. */
  function node(key: MerkleNodeKey): Uint8Array {
    const width = 2 ** key.level;
    const start = key.index * width;
    if (start + width > size) throw new Error(`node ${key.level}:${key.index} lies beyond ${size} leaves`);
    if (key.level === 0) return leafHash(start);
    if (key.level === 8) return tileHashes[key.index] as Uint8Array;
    return merkleNodeHash(
      node({ level: key.level - 1, index: key.index * 2 }),
      node({ level: key.level - 1, index: key.index * 2 + 1 }),
      sha256,
    );
  }

  return {
    get size() {
      return size;
    },
    push(data) {
      if (data.length !== 32) throw new Error('a leaf of this log is a 32-byte hash');
      if ((size + 1) * 32 > leaves.length) {
        const grown = new Uint8Array(leaves.length * 2);
        grown.set(leaves);
        leaves = grown;
      }
      leaves.set(data, size * 32);
      for (const completed of accumulator.push(data)) {
        if (completed.level === 8) tileHashes[completed.index] = completed.hash;
      }
      size += 1;
      if (size % SNAPSHOT_EVERY === 0) snapshots.push(accumulator.frontier());
    },
    root: () => (size === 0 ? hexToBytes(EMPTY_TREE_ROOT) : accumulator.root()),
    rootAt(at) {
      if (at < 0 || at > size) throw new Error(`no root at ${at}: the tree holds ${size} leaves`);
      if (at === size) return this.root();
      if (at === 0) return hexToBytes(EMPTY_TREE_ROOT);
      const k = Math.floor(at / SNAPSHOT_EVERY);
      const replay = createMerkleAccumulator(sha256, snapshots[k] ?? []);
      for (let i = k * SNAPSHOT_EVERY; i < at; i += 1) replay.push(leafData(i));
      return replay.root();
    },
    leafData: (index) => {
      if (index < 0 || index >= size) throw new Error(`no leaf ${index}: the tree holds ${size} leaves`);
      return leafData(index).slice();
    },
    nodes: node,
    frontier: () => accumulator.frontier(),
  };
}

/** Leaves a full tile covers at `level` (256^(level+1)). */
export const leavesPerTile = (level: number) => TILE ** (level + 1);
