import { encodeEntryBundle, hashTileBytes, parseTilePath, TILE_HEIGHT, TILE_WIDTH } from '@signalroom/shared/tlog';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { publishedLines, refreshRecord } from './track-record.service.js';

/**
 * The log as static files (C2SP tlog-tiles, under the prefix /api/track-record): hash tiles and entry
 * bundles computed from the tree this process verified, and our own bundles of published entries
 * (`contents/<N>[.p/<W>]`, JSON Lines, served once every entry in them is public). A tile of a given
 * width never changes, so every file is immutable and any mirror or CDN can keep it for good.
 */
type Ctx = Pick<ServerContext, 'db' | 'now' | 'record'>;

export interface LogFile {
  body: Buffer | string;
  contentType: string;
}

const notFound = (what: string) => AppError.notFound(`${what} is not part of this log.`);

/** `tile/<L>/<N>[.p/<W>]` or `tile/entries/<N>[.p/<W>]`, as bytes. */
export async function logTile(ctx: Ctx, path: string): Promise<LogFile> {
  const parsed = parseTilePath(`tile/${path}`);
  if (!parsed) throw notFound('That tile');
  await refreshRecord(ctx);
  const { tree } = ctx.record.verifier;
  const level = parsed.kind === 'entries' ? 0 : parsed.level;
  const leavesPerHash = 2 ** (TILE_HEIGHT * level);
  const first = parsed.index * TILE_WIDTH;
  // Every hash of the tile must exist at the log's size (a partial tile of any width up to its own).
  if ((first + parsed.width) * leavesPerHash > tree.size) throw notFound('That tile');
  if (parsed.kind === 'entries') {
    const entries = Array.from({ length: parsed.width }, (_, i) => tree.leafData(first + i));
    return { body: Buffer.from(encodeEntryBundle(entries)), contentType: 'application/octet-stream' };
  }
  const hashes = Array.from({ length: parsed.width }, (_, i) =>
    tree.nodes({ level: TILE_HEIGHT * level, index: first + i }),
  );
  return { body: Buffer.from(hashTileBytes(hashes)), contentType: 'application/octet-stream' };
}

/** `contents/<N>[.p/<W>]`: the published entries of entry bundle N (its first W), once all are public. */
export async function logContents(ctx: Ctx, path: string): Promise<LogFile> {
  const parsed = parseTilePath(`tile/entries/${path}`);
  if (!parsed || parsed.kind !== 'entries') throw notFound('That bundle');
  await refreshRecord(ctx);
  const first = parsed.index * TILE_WIDTH;
  const last = first + parsed.width;
  const publicLength = ctx.record.view.publicLength(ctx.now());
  if (last > ctx.record.verifier.size) throw notFound('That bundle');
  if (last > publicLength) throw AppError.notFound('That bundle is not public yet: a signal in it is still open.');
  const { lines } = await publishedLines(ctx, first, last, parsed.width);
  return {
    body: lines.join(''),
    contentType: 'application/x-ndjson; charset=utf-8',
  };
}
