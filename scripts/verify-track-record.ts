/**
 * `npm run verify-track-record -- <base URL>`: checks a Signalroom track record from outside. Downloads
 * the public hash chain (JSON Lines), recomputes every entry's SHA-256 from its payload with the shared
 * canonical encoding, and prints `OK` with the length and head hash, or the first broken entry. Exit
 * code 0 when the record holds, 1 when it is broken, 2 when it could not be checked.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createTrackRecordChecker, type TrackRecordCheck, ZTrackRecordEntry } from '@signalroom/shared';
import { sha256Hex } from '@signalroom/shared/node';

async function verify(base: string): Promise<TrackRecordCheck> {
  const response = await fetch(new URL('/api/track-record/download', base));
  if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
  const checker = createTrackRecordChecker(sha256Hex);
  const lines = createInterface({
    input: Readable.fromWeb(response.body as never),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo += 1;
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      json = null;
    }
    const parsed = ZTrackRecordEntry.safeParse(json);
    if (!parsed.success) return { ok: false, brokenAt: lineNo, reason: 'the entry is not readable' };
    const failure = checker.add(parsed.data);
    if (failure) return failure;
  }
  return checker.result();
}

async function main(): Promise<number> {
  const base = process.argv[2];
  if (!base) {
    console.error('usage: npm run verify-track-record -- <base URL, e.g. https://signals.example.com>');
    return 2;
  }
  try {
    const result = await verify(base);
    if (result.ok) {
      console.log(`OK: ${result.length} entries, head ${result.head}`);
      return 0;
    }
    console.log(`BROKEN at #${result.brokenAt}: ${result.reason}`);
    return 1;
  } catch (error) {
    console.error(`could not check the record at ${base}: ${(error as Error).message}`);
    return 2;
  }
}

process.exitCode = await main();
