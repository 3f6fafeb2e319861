import { describe, expect, it } from 'vitest';
import {
  decodeEntryBundle,
  encodeEntryBundle,
  entryBundlePath,
  hashTileBytes,
  parseTilePath,
  splitHashTile,
  TileFormatError,
  tilePath,
  tilesForTreeSize,
  tileWidthAt,
} from './tiles.js';

describe('tilePath', () => {
  it('writes the index in three-digit groups, all but the last prefixed with x (the example of C2SP tlog-tiles)', () => {
    expect(tilePath(0, 1234067)).toBe('tile/0/x001/x234/067');
    expect(tilePath(0, 1234067, 45)).toBe('tile/0/x001/x234/067.p/45');
    expect(tilePath(1, 0)).toBe('tile/1/000');
    expect(tilePath(63, 1000)).toBe('tile/63/x001/000');
    expect(tilePath(2, 999, 1)).toBe('tile/2/999.p/1');
    expect(entryBundlePath(1234067)).toBe('tile/entries/x001/x234/067');
    expect(entryBundlePath(273, 112)).toBe('tile/entries/273.p/112');
  });

  it('refuses levels, indexes and widths out of range', () => {
    expect(() => tilePath(64, 0)).toThrow(RangeError);
    expect(() => tilePath(-1, 0)).toThrow(RangeError);
    expect(() => tilePath(0, -1)).toThrow(RangeError);
    expect(() => tilePath(0, 0, 0)).toThrow(RangeError);
    expect(() => tilePath(0, 0, 257)).toThrow(RangeError);
    expect(() => entryBundlePath(0.5)).toThrow(RangeError);
  });
});

describe('parseTilePath', () => {
  it('reads back every path it writes', () => {
    for (const [level, index, width] of [
      [0, 0, 256],
      [0, 1234067, 45],
      [5, 999, 255],
      [63, 1000000, 1],
      [1, Number.MAX_SAFE_INTEGER, 256],
    ] as const) {
      expect(parseTilePath(tilePath(level, index, width))).toEqual({ kind: 'hash', level, index, width });
      expect(parseTilePath(entryBundlePath(index, width))).toEqual({ kind: 'entries', index, width });
    }
  });

  it.each([
    'tile/00/000',
    'tile/01/000',
    'tile/64/000',
    'tile/-1/000',
    'tile/0/1234067',
    'tile/0/x001/234/067',
    'tile/0/001/x234',
    'tile/0/x000/001',
    'tile/0/01',
    'tile/0/0001',
    'tile/0/000.p/256',
    'tile/0/000.p/0',
    'tile/0/000.p/045',
    'tile/0/000.p/',
    'tile/0/000.p',
    '/tile/0/000',
    'tile/0/000/',
    'tile/0/000 ',
    'tile/entry/000',
    'tile/entries/x000/000',
    // The seeds of golang.org/x/mod's FuzzParseTilePath (sumdb/tlog/tile_test.go): paths of Go's
    // variable-height tiles, which the C2SP layout does not have.
    'tile/4/0/001',
    'tile/3/5/x123/x456/078',
    'tile/3/-1/123/456/078',
    'tile/1/data/x003/x057/500',
    'tile/9/x999/x999/x999/x999/x999/x999',
  ])('refuses %j', (path) => {
    expect(parseTilePath(path)).toBeNull();
  });
});

describe('tilesForTreeSize', () => {
  it('gives a tree of 70,000 the tiles of the example of C2SP tlog-tiles', () => {
    const tiles = tilesForTreeSize(70_000);
    const at = (level: number) => tiles.filter((tile) => tile.level === level);
    expect(at(0).filter((tile) => tile.width === 256)).toHaveLength(273);
    expect(at(0).filter((tile) => tile.width < 256)).toEqual([{ level: 0, index: 273, width: 112 }]);
    expect(at(1)).toEqual([
      { level: 1, index: 0, width: 256 },
      { level: 1, index: 1, width: 17 },
    ]);
    expect(at(2)).toEqual([{ level: 2, index: 0, width: 1 }]);
    expect(tiles).toHaveLength(277);
  });

  it('gives a tree of 256 a full level-0 tile and a level-1 tile of width 1', () => {
    expect(tilesForTreeSize(256)).toEqual([
      { level: 0, index: 0, width: 256 },
      { level: 1, index: 0, width: 1 },
    ]);
  });

  it('gives the empty tree no tile, since empty tiles are never served', () => {
    expect(tilesForTreeSize(0)).toEqual([]);
    expect(tilesForTreeSize(1)).toEqual([{ level: 0, index: 0, width: 1 }]);
  });

  it('agrees with tileWidthAt', () => {
    for (const tile of tilesForTreeSize(70_000)) expect(tileWidthAt(tile.level, tile.index, 70_000)).toBe(tile.width);
    expect(tileWidthAt(0, 274, 70_000)).toBe(0);
    expect(tileWidthAt(3, 0, 70_000)).toBe(0);
  });
});

describe('entry bundles', () => {
  const entries = [new Uint8Array(), Uint8Array.of(1, 2, 3), new Uint8Array(300).fill(7)];

  it('prefix each entry with its length as a big-endian uint16', () => {
    const bytes = encodeEntryBundle(entries);
    expect([...bytes.slice(0, 2)]).toEqual([0, 0]);
    expect([...bytes.slice(2, 7)]).toEqual([0, 3, 1, 2, 3]);
    expect([...bytes.slice(7, 9)]).toEqual([1, 44]);
    expect(bytes).toHaveLength(2 + 5 + 302);
    expect(decodeEntryBundle(bytes, 3)).toEqual(entries);
  });

  it('refuses truncated, overlong, empty and mis-sized bundles', () => {
    const bytes = encodeEntryBundle(entries);
    expect(() => decodeEntryBundle(bytes.slice(0, -1))).toThrow(TileFormatError);
    expect(() => decodeEntryBundle(Uint8Array.of(...bytes, 0))).toThrow(/length prefix/);
    expect(() => decodeEntryBundle(new Uint8Array())).toThrow(TileFormatError);
    expect(() => decodeEntryBundle(bytes, 4)).toThrow(TileFormatError);
    expect(() => decodeEntryBundle(new Uint8Array(2 * 257))).toThrow(/more than 256/);
    expect(decodeEntryBundle(new Uint8Array(2 * 256))).toHaveLength(256);
  });

  it('refuses to write an entry longer than 65,535 bytes, and no entry at all', () => {
    expect(encodeEntryBundle([new Uint8Array(0xffff)])).toHaveLength(0x10001);
    expect(() => encodeEntryBundle([new Uint8Array(0x10000)])).toThrow(TileFormatError);
    expect(() => encodeEntryBundle([])).toThrow(TileFormatError);
  });
});

describe('hash tiles', () => {
  it('lay hashes end to end and split them back', () => {
    const hashes = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    const bytes = hashTileBytes(hashes);
    expect(bytes).toHaveLength(64);
    expect(splitHashTile(bytes, 2)).toEqual(hashes);
    expect(() => splitHashTile(bytes, 3)).toThrow(TileFormatError);
    expect(() => splitHashTile(bytes.slice(1))).toThrow(TileFormatError);
    expect(() => hashTileBytes([new Uint8Array(31)])).toThrow(TileFormatError);
    expect(() => hashTileBytes([])).toThrow(TileFormatError);
  });
});
