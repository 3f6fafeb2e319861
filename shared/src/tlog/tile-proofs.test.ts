import { beforeAll, describe, expect, it } from 'vitest';
import { concatBytes, equalBytes, uint32Bytes } from './encoding.js';
import {
  consistencyProof,
  createMerkleAccumulator,
  inclusionProof,
  type MerkleNodeSource,
  merkleRoot,
  verifyConsistency,
  verifyInclusion,
} from './merkle.js';
import {
  nodeSourceFromTiles,
  rootFromTiles,
  tilesForConsistencyProof,
  tilesForInclusionProof,
  tilesForNodes,
  tilesForRoot,
} from './tile-proofs.js';
import { TileFormatError, type TileKey, tilePath, tilesForTreeSize } from './tiles.js';

// A real tree of 70,000 leaves (the size of the example of C2SP tlog-tiles, with tiles on three levels),
// every node kept, so tiles can be cut from it at any smaller size.
const SIZE = 70_000;
const nodes = new Map<string, Uint8Array>();
let finalRoot: Uint8Array;

const stored: MerkleNodeSource = (key) => {
  const hash = nodes.get(`${key.level}:${key.index}`);
  if (!hash) throw new Error(`node ${key.level}:${key.index} was never completed`);
  return hash;
};

/** The bytes of a tile as the log would serve it. */
function tileBytes(tile: TileKey): Uint8Array {
  return concatBytes(
    ...Array.from({ length: tile.width }, (_, i) => stored({ level: 8 * tile.level, index: tile.index * 256 + i })),
  );
}

function served(tiles: TileKey[]): Map<string, Uint8Array> {
  return new Map(tiles.map((tile) => [tilePath(tile.level, tile.index, tile.width), tileBytes(tile)]));
}

beforeAll(() => {
  const tree = createMerkleAccumulator();
  for (let i = 0; i < SIZE; i++)
    for (const node of tree.push(uint32Bytes(i))) nodes.set(`${node.level}:${node.index}`, node.hash);
  finalRoot = tree.root();
});

describe('rootFromTiles', () => {
  it('computes the root of every size from the tiles that size has', () => {
    for (const size of [1, 255, 256, 257, 65_536, 65_537, SIZE]) {
      expect(equalBytes(rootFromTiles(size, served(tilesForTreeSize(size))), merkleRoot(stored, size))).toBe(true);
    }
    expect(equalBytes(rootFromTiles(SIZE, served(tilesForTreeSize(SIZE))), finalRoot)).toBe(true);
  });

  it('needs only the tiles tilesForRoot lists', () => {
    const tiles = tilesForRoot(SIZE);
    expect(tiles.map((tile) => tilePath(tile.level, tile.index, tile.width)).sort()).toEqual([
      'tile/0/273.p/112',
      'tile/1/001.p/17',
      'tile/2/000.p/1',
    ]);
    expect(equalBytes(rootFromTiles(SIZE, served(tiles)), finalRoot)).toBe(true);
  });

  it('gives another root when a tile is altered', () => {
    const tiles = served(tilesForRoot(SIZE));
    const altered = tiles.get('tile/0/273.p/112')!.slice();
    altered[0]! ^= 1;
    tiles.set('tile/0/273.p/112', altered);
    expect(equalBytes(rootFromTiles(SIZE, tiles), finalRoot)).toBe(false);
  });
});

describe('proofs from tiles', () => {
  it('give the inclusion proofs of the stored tree, from the listed tiles only', () => {
    for (const [index, size] of [
      [0, 1],
      [0, SIZE],
      [255, 256],
      [256, 70_000],
      [65_535, 65_536],
      [69_999, SIZE],
      [12_345, 66_000],
    ] as const) {
      const proof = inclusionProof(nodeSourceFromTiles(served(tilesForInclusionProof(index, size))), index, size);
      expect(proof).toEqual(inclusionProof(stored, index, size));
      expect(verifyInclusion(stored({ level: 0, index }), index, size, proof, merkleRoot(stored, size))).toBe(true);
    }
  });

  it('give the consistency proofs of the stored tree, from the listed tiles only', () => {
    for (const [from, to] of [
      [1, SIZE],
      [255, 257],
      [256, SIZE],
      [1000, 65_536],
      [65_536, SIZE],
      [12_345, 69_999],
      [69_999, SIZE],
      [SIZE, SIZE],
    ] as const) {
      const proof = consistencyProof(nodeSourceFromTiles(served(tilesForConsistencyProof(from, to))), from, to);
      expect(proof).toEqual(consistencyProof(stored, from, to));
      expect(verifyConsistency(from, to, merkleRoot(stored, from), merkleRoot(stored, to), proof)).toBe(true);
    }
  });

  it('computes a node between stored levels by hashing the tile hashes under it', () => {
    const tiles = served(tilesForTreeSize(SIZE));
    const source = nodeSourceFromTiles(tiles);
    for (const key of [
      { level: 9, index: 1 },
      { level: 9, index: 135 },
      { level: 15, index: 1 },
      { level: 16, index: 0 },
      { level: 3, index: 8000 },
    ])
      expect(equalBytes(source(key), stored(key))).toBe(true);
    expect(tilesForNodes([{ level: 9, index: 1 }], SIZE)).toEqual([{ level: 1, index: 0, width: 256 }]);
    expect(tilesForNodes([{ level: 9, index: 135 }], SIZE)).toEqual([{ level: 1, index: 1, width: 17 }]);
  });

  it('reads the widest of a partial and a full copy of one tile', () => {
    const full = { level: 0, index: 0, width: 256 };
    const tiles = served([full, { ...full, width: 10 }]);
    expect(equalBytes(nodeSourceFromTiles(tiles)({ level: 0, index: 200 }), stored({ level: 0, index: 200 }))).toBe(
      true,
    );
  });
});

describe('tile errors', () => {
  it('refuses a node that is not a complete subtree of the tree', () => {
    expect(() => tilesForNodes([{ level: 0, index: SIZE }], SIZE)).toThrow(RangeError);
    expect(() => tilesForNodes([{ level: 17, index: 0 }], SIZE)).toThrow(RangeError);
  });

  it('says which tile a node needs when it was not fetched', () => {
    const source = nodeSourceFromTiles(served([{ level: 0, index: 0, width: 10 }]));
    expect(() => source({ level: 0, index: 10 })).toThrow(/needs tile 0\/0/);
    expect(() => source({ level: 8, index: 0 })).toThrow(/needs tile 1\/0/);
  });

  it('refuses tiles whose bytes do not match their width, and paths that are not hash tiles', () => {
    expect(() => nodeSourceFromTiles(new Map([['tile/0/000.p/2', new Uint8Array(32)]]))).toThrow(TileFormatError);
    expect(() => nodeSourceFromTiles(new Map([['tile/entries/000.p/1', new Uint8Array(32)]]))).toThrow(TileFormatError);
    expect(() => nodeSourceFromTiles(new Map([['tile/0/0', new Uint8Array(32)]]))).toThrow(TileFormatError);
  });
});
