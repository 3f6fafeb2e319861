/**
 * `npm run verify-track-record -- <base URL> [--expect <seq>:<hash>]... [--checkpoints <file>] [--history]`:
 * checks a Signalroom track record from outside, through its public API only. Downloads the public
 * record (JSON Lines), recomputes every entry's SHA-256 and link, checks the latest signed checkpoint's
 * signature and that it extends the public record (RFC 9162 consistency proof), and that the record
 * still holds every entry hash (`--expect`) and signed checkpoint (`--checkpoints`, a JSON array or one
 * per line) kept from earlier; `--history` checks every checkpoint the server says it signed too.
 * Prints `OK` with the length, head and root, or `BROKEN` with each problem. Exit code 0 when the record
 * holds, 1 when it is broken, 2 when it could not be checked.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  type ExpectedEntry,
  parseCheckpoints,
  parseExpectedEntry,
  type TTrackRecordCheckpoint,
  verifyTrackRecordOnline,
} from '@signalroom/shared';
import { nodeSha256, sha256Hex } from '@signalroom/shared-node';

const USAGE =
  'usage: npm run verify-track-record -- <base URL> [--expect <seq>:<hash>]... [--checkpoints <file>] [--history]';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      expect: { type: 'string', multiple: true },
      checkpoints: { type: 'string' },
      history: { type: 'boolean' },
    },
  });
  const base = positionals[0];
  const expect: ExpectedEntry[] = [];
  for (const text of values.expect ?? []) {
    const parsed = parseExpectedEntry(text);
    if (!parsed) {
      console.error(`--expect takes <seq>:<64 hex digits>, not ${text}\n${USAGE}`);
      return 2;
    }
    expect.push(parsed);
  }
  if (!base) {
    console.error(USAGE);
    return 2;
  }
  try {
    let checkpoints: TTrackRecordCheckpoint[] = [];
    if (values.checkpoints) checkpoints = parseCheckpoints(await readFile(values.checkpoints, 'utf8'));
    const report = await verifyTrackRecordOnline({
      base,
      expect,
      checkpoints,
      history: values.history ?? false,
      sha256Hex,
      merkleSha256: nodeSha256,
    });
    for (const line of report.passed) console.log(`  ok: ${line}`);
    if (report.ok) {
      console.log(`OK: ${report.length} entries, head ${report.head}, root ${report.root}`);
      return 0;
    }
    for (const problem of report.problems) console.log(`BROKEN: ${problem}`);
    return 1;
  } catch (error) {
    console.error(`could not check the record at ${base}: ${(error as Error).message}`);
    return 2;
  }
}

process.exitCode = await main();
