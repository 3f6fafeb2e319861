import { concatBytes } from './encoding.js';

/**
 * Tiled logs (C2SP tlog-tiles): a log serves its Merkle tree as tiles, each 256 consecutive hashes of
 * one tree level (8 levels apart), and its entries as bundles of 256. This file names tiles and bundles
 * by path, lists the tiles a tree of a given size has, and reads and writes their bytes; tile-proofs.ts
 * computes proofs from fetched tiles.
 */

/** Tree levels spanned by one tile: a tile holds 2^8 hashes. */
export const TILE_HEIGHT = 8;
/** Hashes in a full tile (and entries in a full bundle). */
export const TILE_WIDTH = 256;
/** The highest tile level a path may name. */
export const MAX_TILE_LEVEL = 63;
/** The longest entry a bundle can hold (its length prefix is a uint16). */
export const MAX_BUNDLE_ENTRY_BYTES = 0xffff;

/** One tile: its level, its index within the level, and how many hashes it holds (256 when full). */
export interface TileKey {
  level: number;
  index: number;
  width: number;
}

/** What a tile path names: a hash tile or an entry bundle. */
export type ParsedTilePath = ({ kind: 'hash' } & TileKey) | { kind: 'entries'; index: number; width: number };

/** A tile or bundle whose bytes, or whose name, break the format. */
export class TileFormatError extends Error {
  override name = 'TileFormatError';
}

function assertRange(what: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new RangeError(`${what} ${value} is not an integer from ${min} to ${max}`);
}

/** 1234067 → `x001/x234/067`: three-digit groups, all but the last prefixed with `x`. */
function encodeIndex(index: number): string {
  const groups: string[] = [];
  let rest = index;
  do {
    groups.unshift(String(rest % 1000).padStart(3, '0'));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups.map((group, i) => (i < groups.length - 1 ? `x${group}` : group)).join('/');
}

function suffix(width: number): string {
  assertRange('tile width', width, 1, TILE_WIDTH);
  return width < TILE_WIDTH ? `.p/${width}` : '';
}

/** `tile/<level>/<index>[.p/<width>]`, e.g. `tile/0/x001/x234/067.p/45`; a full tile has no `.p` part. */
export function tilePath(level: number, index: number, width = TILE_WIDTH): string {
  assertRange('tile level', level, 0, MAX_TILE_LEVEL);
  assertRange('tile index', index, 0, Number.MAX_SAFE_INTEGER);
  return `tile/${level}/${encodeIndex(index)}${suffix(width)}`;
}

/** `tile/entries/<index>[.p/<width>]`: the bundle of the entries under level-0 tile `index`. */
export function entryBundlePath(index: number, width = TILE_WIDTH): string {
  assertRange('bundle index', index, 0, Number.MAX_SAFE_INTEGER);
  return `tile/entries/${encodeIndex(index)}${suffix(width)}`;
}

const TILE_PATH = /^tile\/(entries|0|[1-9][0-9]?)\/((?:x[0-9]{3}\/)*[0-9]{3})(?:\.p\/([1-9][0-9]{0,2}))?$/;

/**
 * What a path (relative to the log's prefix, starting `tile/`) names, or null unless it is written
 * exactly as tilePath or entryBundlePath would write it: a level from 0 to 63 with no leading zeros, an
 * index in canonical three-digit groups, a partial width from 1 to 255 with no leading zeros.
 */
export function parseTilePath(path: string): ParsedTilePath | null {
  const match = TILE_PATH.exec(path);
  if (!match) return null;
  const [, levelText = '', indexText = '', widthText] = match;
  const groups = indexText.split('/').map((group) => group.replace(/^x/, ''));
  if (groups.length > 1 && groups[0] === '000') return null;
  const index = groups.reduce((n, group) => n * 1000 + Number(group), 0);
  const width = widthText === undefined ? TILE_WIDTH : Number(widthText);
  if (!Number.isSafeInteger(index) || (widthText !== undefined && width >= TILE_WIDTH)) return null;
  if (levelText === 'entries') return { kind: 'entries', index, width };
  const level = Number(levelText);
  return level > MAX_TILE_LEVEL ? null : { kind: 'hash', level, index, width };
}

/** Hashes a level holds in a tree of `treeSize` leaves: one per complete subtree of 2^(8 × level) leaves. */
function hashesAtLevel(level: number, treeSize: number): number {
  return Math.floor(treeSize / 2 ** (TILE_HEIGHT * level));
}

/** The width tile (level, index) has in a tree of `treeSize` leaves; 0 when the tile does not exist yet. */
export function tileWidthAt(level: number, index: number, treeSize: number): number {
  const count = hashesAtLevel(level, treeSize);
  const full = Math.floor(count / TILE_WIDTH);
  if (index < full) return TILE_WIDTH;
  return index === full ? count % TILE_WIDTH : 0;
}

/**
 * Every hash tile a tree of `treeSize` leaves has, level by level, each full one and then the partial
 * one if any. A tree of 70,000 has 273 full level-0 tiles and one of width 112, one full level-1 tile and
 * one of width 17, and one level-2 tile of width 1. Its entry bundles are the level-0 tiles' keys.
 */
export function tilesForTreeSize(treeSize: number): TileKey[] {
  assertRange('tree size', treeSize, 0, Number.MAX_SAFE_INTEGER);
  const tiles: TileKey[] = [];
  for (let level = 0; level <= MAX_TILE_LEVEL && hashesAtLevel(level, treeSize) > 0; level++) {
    const count = hashesAtLevel(level, treeSize);
    const full = Math.floor(count / TILE_WIDTH);
    for (let index = 0; index < full; index++) tiles.push({ level, index, width: TILE_WIDTH });
    if (count % TILE_WIDTH > 0) tiles.push({ level, index: full, width: count % TILE_WIDTH });
  }
  return tiles;
}

/** A tile's bytes: its hashes (1 to 256, 32 bytes each) end to end. */
export function hashTileBytes(hashes: readonly Uint8Array[]): Uint8Array {
  if (hashes.length < 1 || hashes.length > TILE_WIDTH)
    throw new TileFormatError(`a tile holds 1 to ${TILE_WIDTH} hashes, not ${hashes.length}`);
  if (hashes.some((hash) => hash.length !== 32)) throw new TileFormatError('a tile hash has 32 bytes');
  return concatBytes(...hashes);
}

/** A tile's hashes from its bytes, checked against the width its path gives when one is passed. */
export function splitHashTile(bytes: Uint8Array, width?: number): Uint8Array[] {
  const count = bytes.length / 32;
  if (!Number.isInteger(count) || count < 1 || count > TILE_WIDTH)
    throw new TileFormatError(`a tile of ${bytes.length} bytes is not 1 to ${TILE_WIDTH} hashes of 32 bytes`);
  if (width !== undefined && count !== width)
    throw new TileFormatError(`a tile of width ${width} holds ${count} hashes`);
  return Array.from({ length: count }, (_, i) => bytes.slice(i * 32, (i + 1) * 32));
}

/** An entry bundle: each entry (1 to 256 of them) after its length as a big-endian uint16. */
export function encodeEntryBundle(entries: readonly Uint8Array[]): Uint8Array {
  if (entries.length < 1 || entries.length > TILE_WIDTH)
    throw new TileFormatError(`a bundle holds 1 to ${TILE_WIDTH} entries, not ${entries.length}`);
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    if (entry.length > MAX_BUNDLE_ENTRY_BYTES)
      throw new TileFormatError(`an entry of ${entry.length} bytes does not fit a uint16 length`);
    parts.push(Uint8Array.of(entry.length >> 8, entry.length & 0xff), entry);
  }
  return concatBytes(...parts);
}

/**
 * The entries of a bundle. Strict: every byte belongs to an entry, no length runs past the end, 1 to
 * 256 entries, and exactly `width` of them when the width is passed (from the bundle's path).
 */
export function decodeEntryBundle(bytes: Uint8Array, width?: number): Uint8Array[] {
  const entries: Uint8Array[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (entries.length === TILE_WIDTH) throw new TileFormatError(`a bundle holds more than ${TILE_WIDTH} entries`);
    if (offset + 2 > bytes.length) throw new TileFormatError(`the bundle ends inside a length prefix at ${offset}`);
    const length = ((bytes[offset] as number) << 8) | (bytes[offset + 1] as number);
    offset += 2;
    if (offset + length > bytes.length)
      throw new TileFormatError(`entry ${entries.length} runs ${offset + length - bytes.length} bytes past the bundle`);
    entries.push(bytes.slice(offset, offset + length));
    offset += length;
  }
  if (entries.length === 0) throw new TileFormatError('an empty bundle');
  if (width !== undefined && entries.length !== width)
    throw new TileFormatError(`a bundle of width ${width} holds ${entries.length} entries`);
  return entries;
}
