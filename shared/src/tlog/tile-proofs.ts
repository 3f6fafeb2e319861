import {
  consistencyProof,
  inclusionProof,
  type MerkleNodeKey,
  type MerkleNodeSource,
  merkleNodeHash,
  merkleRoot,
  nodesRead,
} from './merkle.js';
import {
  MAX_TILE_LEVEL,
  parseTilePath,
  TILE_HEIGHT,
  TILE_WIDTH,
  TileFormatError,
  type TileKey,
  tilePath,
  tileWidthAt,
} from './tiles.js';

/**
 * Proofs from tiles: a client that holds a checkpoint lists the tree nodes a proof reads (nodesRead),
 * the tiles that hold them at the checkpoint's size (tilesForNodes), fetches those, and runs the proof
 * of the Merkle module on nodeSourceFromTiles. Node (h, i), the root of leaves [i × 2^h, (i + 1) × 2^h),
 * lives in the tiles of level floor(h / 8): stored when h is a multiple of 8, else the root of the 2^(h mod 8)
 * stored hashes under it. What tiles say is never trusted: the proof is checked against the signed root.
 */

interface NodePlace {
  /** The tile that holds the node's hashes. */
  level: number;
  index: number;
  /** Where the node's first hash sits in that tile, and how many hashes it spans. */
  offset: number;
  span: number;
}

function placeOf(key: MerkleNodeKey): NodePlace {
  const level = Math.floor(key.level / TILE_HEIGHT);
  if (!Number.isSafeInteger(key.index) || key.index < 0 || !Number.isInteger(key.level) || level > MAX_TILE_LEVEL)
    throw new RangeError(`no tile holds node ${key.level}/${key.index}`);
  const span = 2 ** (key.level % TILE_HEIGHT);
  const first = key.index * span;
  return { level, index: Math.floor(first / TILE_WIDTH), offset: first % TILE_WIDTH, span };
}

/**
 * The tiles, with the widths they have at `treeSize`, that hold or let one compute these nodes (each a
 * complete subtree of that tree), each tile once.
 */
export function tilesForNodes(keys: readonly MerkleNodeKey[], treeSize: number): TileKey[] {
  const tiles = new Map<string, TileKey>();
  for (const key of keys) {
    if (key.level < 0 || (key.index + 1) * 2 ** key.level > treeSize)
      throw new RangeError(`node ${key.level}/${key.index} is not a complete subtree of a tree of ${treeSize}`);
    const { level, index } = placeOf(key);
    const tile = { level, index, width: tileWidthAt(level, index, treeSize) };
    tiles.set(tilePath(tile.level, tile.index, tile.width), tile);
  }
  return [...tiles.values()];
}

/** The root of a perfect subtree from its bottom hashes (a power of two of them). */
function rootOfHashes(hashes: Uint8Array[]): Uint8Array {
  let row = hashes;
  while (row.length > 1)
    row = Array.from({ length: row.length / 2 }, (_, i) => merkleNodeHash(row[2 * i]!, row[2 * i + 1]!));
  return row[0]!;
}

/**
 * A node source over fetched hash tiles, keyed by their paths (`tile/0/001.p/17`). Of a tile given both
 * partial and full, the widest is read. Throws TileFormatError for a path that is not a hash tile's or
 * bytes that do not match its width; the source throws RangeError for a node no given tile holds.
 */
export function nodeSourceFromTiles(tiles: ReadonlyMap<string, Uint8Array>): MerkleNodeSource {
  const widest = new Map<string, Uint8Array>();
  for (const [path, bytes] of tiles) {
    const parsed = parseTilePath(path);
    if (parsed?.kind !== 'hash') throw new TileFormatError(`not a hash tile path: ${path}`);
    if (bytes.length !== parsed.width * 32)
      throw new TileFormatError(`${path} holds ${bytes.length} bytes, not ${parsed.width * 32}`);
    const id = `${parsed.level}/${parsed.index}`;
    if ((widest.get(id)?.length ?? 0) < bytes.length) widest.set(id, bytes);
  }
  return (key) => {
    const place = placeOf(key);
    const bytes = widest.get(`${place.level}/${place.index}`);
    if (!bytes || (place.offset + place.span) * 32 > bytes.length)
      throw new RangeError(
        `node ${key.level}/${key.index} needs tile ${place.level}/${place.index}, not among those given`,
      );
    const hashes = Array.from({ length: place.span }, (_, i) =>
      bytes.subarray((place.offset + i) * 32, (place.offset + i + 1) * 32),
    );
    return rootOfHashes(hashes);
  };
}

/** The root hash of a tree of `treeSize` leaves from its tiles (compare it with the checkpoint's). */
export function rootFromTiles(treeSize: number, tiles: ReadonlyMap<string, Uint8Array>): Uint8Array {
  return merkleRoot(nodeSourceFromTiles(tiles), treeSize);
}

/** The tiles rootFromTiles reads for a tree of `treeSize` leaves. */
export function tilesForRoot(treeSize: number): TileKey[] {
  return tilesForNodes(
    nodesRead((nodes) => merkleRoot(nodes, treeSize)),
    treeSize,
  );
}

/** The tiles the inclusion proof of leaf `index` in a tree of `treeSize` leaves reads. */
export function tilesForInclusionProof(index: number, treeSize: number): TileKey[] {
  return tilesForNodes(
    nodesRead((nodes) => inclusionProof(nodes, index, treeSize)),
    treeSize,
  );
}

/** The tiles the consistency proof from `from` leaves to `to` leaves reads (tiles of the tree of `to`). */
export function tilesForConsistencyProof(from: number, to: number): TileKey[] {
  return tilesForNodes(
    nodesRead((nodes) => consistencyProof(nodes, from, to)),
    to,
  );
}
