import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The Merkle tree of a transparency log (C2SP merkle-tree), as Certificate Transparency v2 defines it (RFC 9162, section 2.1):
 * a leaf hashes as SHA-256(0x00 || data), an inner node as SHA-256(0x01 || left || right), a tree of n
 * leaves splits at the largest power of two below n, and the empty tree's hash is SHA-256 of nothing.
 * The leaves are the chain's entries in order, each leaf's data being the 32 bytes of the entry's hash.
 *
 * No maintained npm package builds these proofs from stored nodes (the few that exist keep every leaf
 * in memory per call), so the algorithms are written here from the RFC and checked against the
 * published Certificate Transparency vectors in merkle.test.ts. Pure: the server, the
 * members' verifier and the browser all use this one definition.
 */

/** SHA-256 over bytes; @noble/hashes by default, Node's crypto where speed matters. */
export type Sha256 = (data: Uint8Array) => Uint8Array;

export const defaultSha256: Sha256 = nobleSha256;
export { bytesToHex, hexToBytes };

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

/** The root of a tree with no leaves: SHA-256 of the empty string. */
export const EMPTY_TREE_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export function merkleLeafHash(data: Uint8Array, sha256: Sha256 = defaultSha256): Uint8Array {
  const input = new Uint8Array(data.length + 1);
  input[0] = LEAF_PREFIX;
  input.set(data, 1);
  return sha256(input);
}

export function merkleNodeHash(left: Uint8Array, right: Uint8Array, sha256: Sha256 = defaultSha256): Uint8Array {
  const input = new Uint8Array(left.length + right.length + 1);
  input[0] = NODE_PREFIX;
  input.set(left, 1);
  input.set(right, left.length + 1);
  return sha256(input);
}

/** The largest power of two strictly below n (n >= 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** A stored node: the root of the perfect subtree of 2^level leaves starting at leaf index × 2^level. */
export interface MerkleNodeKey {
  level: number;
  index: number;
}

/** Hashes of perfect subtrees by their key (leaves are level 0). */
export type MerkleNodeSource = (key: MerkleNodeKey) => Uint8Array;

/** True when [start, end) is one perfect, aligned subtree. */
function perfectKey(start: number, end: number): MerkleNodeKey | null {
  const n = end - start;
  if ((n & (n - 1)) !== 0) return null;
  const level = Math.log2(n);
  return start % n === 0 ? { level, index: start / n } : null;
}

/** MTH(D[start:end]) from stored perfect subtrees; every range the proofs ask for decomposes into them. */
function subtreeHash(nodes: MerkleNodeSource, start: number, end: number, sha256: Sha256): Uint8Array {
  if (end === start) return hexToBytes(EMPTY_TREE_ROOT);
  const key = perfectKey(start, end);
  if (key) return nodes(key);
  const k = splitPoint(end - start);
  return merkleNodeHash(
    subtreeHash(nodes, start, start + k, sha256),
    subtreeHash(nodes, start + k, end, sha256),
    sha256,
  );
}

/** The root of the first `size` leaves. */
export function merkleRoot(nodes: MerkleNodeSource, size: number, sha256: Sha256 = defaultSha256): Uint8Array {
  return subtreeHash(nodes, 0, size, sha256);
}

/** PATH(m, D[n]) of RFC 9162 2.1.3.1: the audit path of leaf `index` in the tree of `size` leaves. */
export function inclusionProof(
  nodes: MerkleNodeSource,
  index: number,
  size: number,
  sha256: Sha256 = defaultSha256,
): Uint8Array[] {
  if (!(index >= 0 && index < size)) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  const path = (m: number, start: number, end: number): Uint8Array[] => {
    if (end - start <= 1) return [];
    const k = splitPoint(end - start);
    return m < start + k
      ? [...path(m, start, start + k), subtreeHash(nodes, start + k, end, sha256)]
      : [...path(m, start + k, end), subtreeHash(nodes, start, start + k, sha256)];
  };
  return path(index, 0, size);
}

/** PROOF(m, D[n]) of RFC 9162 2.1.4.1: that the tree of `from` leaves is a prefix of the tree of `to`. */
export function consistencyProof(
  nodes: MerkleNodeSource,
  from: number,
  to: number,
  sha256: Sha256 = defaultSha256,
): Uint8Array[] {
  if (!(from >= 0 && from <= to)) throw new RangeError(`no consistency proof from ${from} to ${to}`);
  if (from === 0 || from === to) return [];
  const sub = (m: number, start: number, end: number, whole: boolean): Uint8Array[] => {
    if (m === end) return whole ? [] : [subtreeHash(nodes, start, end, sha256)];
    const k = splitPoint(end - start);
    return m <= start + k
      ? [...sub(m, start, start + k, whole), subtreeHash(nodes, start + k, end, sha256)]
      : [...sub(m, start + k, end, false), subtreeHash(nodes, start, start + k, sha256)];
  };
  return sub(from, 0, to, true);
}

/**
 * The keys of the stored nodes a computation reads, found by running it once with a stand-in source:
 * a server fetches just those nodes in one query, then runs it again on them.
 */
export function nodesRead(run: (nodes: MerkleNodeSource) => unknown): MerkleNodeKey[] {
  const keys = new Map<string, MerkleNodeKey>();
  run((key) => {
    keys.set(`${key.level}:${key.index}`, key);
    return new Uint8Array(32);
  });
  return [...keys.values()];
}

/** The verifiers' place in the tree (RFC 9162's fn and sn): a step up shifts both right once. */
interface Position {
  fn: number;
  sn: number;
}

function halve(pos: Position): void {
  pos.fn = Math.floor(pos.fn / 2);
  pos.sn = Math.floor(pos.sn / 2);
}

/** When fn is a left child on the right border, shift until it is a right child or the root (the RFCs' step). */
function climbRightBorder(pos: Position): void {
  while (pos.fn % 2 === 0 && pos.fn !== 0) halve(pos);
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** RFC 9162 2.1.3.2: whether `leaf` (its leaf hash) sits at `index` in the tree of `size` with `root`. */
export function verifyInclusion(
  leafHash: Uint8Array,
  index: number,
  size: number,
  proof: readonly Uint8Array[],
  root: Uint8Array,
  sha256: Sha256 = defaultSha256,
): boolean {
  if (!(index >= 0 && index < size)) return false;
  const pos = { fn: index, sn: size - 1 };
  let r = leafHash;
  for (const p of proof) {
    if (pos.sn === 0) return false;
    if (pos.fn % 2 === 1 || pos.fn === pos.sn) {
      r = merkleNodeHash(p, r, sha256);
      climbRightBorder(pos);
    } else {
      r = merkleNodeHash(r, p, sha256);
    }
    halve(pos);
  }
  return pos.sn === 0 && equalBytes(r, root);
}

/**
 * RFC 9162 2.1.4.2: whether the tree of `to` leaves with `toRoot` extends the tree of `from` leaves with
 * `fromRoot`. Equal sizes need equal roots and an empty proof; every tree extends the empty one.
 */
export function verifyConsistency(
  from: number,
  to: number,
  fromRoot: Uint8Array,
  toRoot: Uint8Array,
  proof: readonly Uint8Array[],
  sha256: Sha256 = defaultSha256,
): boolean {
  if (from < 0 || to < from) return false;
  if (from === to) return proof.length === 0 && equalBytes(fromRoot, toRoot);
  if (from === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = (from & (from - 1)) === 0 ? [fromRoot, ...proof] : [...proof];
  const pos = { fn: from - 1, sn: to - 1 };
  while (pos.fn % 2 === 1) halve(pos);
  let fr = path[0] as Uint8Array;
  let sr = fr;
  for (const c of path.slice(1)) {
    if (pos.sn === 0) return false;
    if (pos.fn % 2 === 1 || pos.fn === pos.sn) {
      fr = merkleNodeHash(c, fr, sha256);
      sr = merkleNodeHash(c, sr, sha256);
      climbRightBorder(pos);
    } else {
      sr = merkleNodeHash(sr, c, sha256);
    }
    halve(pos);
  }
  return pos.sn === 0 && equalBytes(fr, fromRoot) && equalBytes(sr, toRoot);
}

/** A perfect subtree completed by an append, to store. */
export interface MerkleNode extends MerkleNodeKey {
  hash: Uint8Array;
}

/**
 * Builds the tree leaf by leaf, keeping only the roots of its perfect subtrees (at most log2(n) of them):
 * the root at every size in O(log n), and every completed subtree reported once for storage.
 */
export function createMerkleAccumulator(sha256: Sha256 = defaultSha256, frontier: readonly MerkleNode[] = []) {
  const stack: MerkleNode[] = [...frontier];
  let size = stack.reduce((n, node) => n + 2 ** node.level, 0);
  return {
    get size() {
      return size;
    },
    /** Adds the next leaf (its data, the entry hash's bytes); answers the nodes it completed, leaf first. */
    push(leafData: Uint8Array): MerkleNode[] {
      const completed: MerkleNode[] = [{ level: 0, index: size, hash: merkleLeafHash(leafData, sha256) }];
      stack.push(completed[0] as MerkleNode);
      size += 1;
      for (;;) {
        const right = stack.at(-1);
        const left = stack.at(-2);
        if (!right || !left || left.level !== right.level) break;
        stack.splice(-2, 2);
        const merged = {
          level: left.level + 1,
          index: left.index / 2,
          hash: merkleNodeHash(left.hash, right.hash, sha256),
        };
        stack.push(merged);
        completed.push(merged);
      }
      return completed;
    },
    root(): Uint8Array {
      if (stack.length === 0) return hexToBytes(EMPTY_TREE_ROOT);
      let r = (stack.at(-1) as MerkleNode).hash;
      for (let i = stack.length - 2; i >= 0; i--) r = merkleNodeHash((stack[i] as MerkleNode).hash, r, sha256);
      return r;
    },
    /** The perfect subtrees now held, largest first (what `frontierKeys` names for this size). */
    frontier(): MerkleNode[] {
      return [...stack];
    },
  };
}

/** The perfect subtrees that make up a tree of `size` leaves, largest (leftmost) first. */
export function frontierKeys(size: number): MerkleNodeKey[] {
  const keys: MerkleNodeKey[] = [];
  let start = 0;
  for (let level = Math.floor(Math.log2(Math.max(size, 1))); level >= 0; level--) {
    const width = 2 ** level;
    if (size - start >= width) {
      keys.push({ level, index: start / width });
      start += width;
    }
  }
  return keys;
}
