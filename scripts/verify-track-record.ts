/**
 * `npm run verify-track-record -- --url <base> --witness <vkey> [--witness ...] [--quorum N] [--log-key <vkey>]
 *   [--expect <seq>:<hash>]... [--kept <file>]`
 * checks a Signalroom track record from outside, through its public files and API only, trusting the
 * witnesses named, not the site: the latest checkpoint must carry the log's signature and a quorum of
 * the witnesses' cosignatures; every public entry is rehashed and linked, and the latest checkpoint must
 * extend them; every checkpoint (`--kept`, signed notes one after another) or entry hash (`--expect`)
 * kept from earlier must still hold; and every signal the site counts must have been witnessed in time.
 * `--log-key` pins the log's key (otherwise the site's is taken, and the output says so).
 * Prints `OK` or `BROKEN` with each problem. Exit code 0 when the record holds, 1 when it does not, 2
 * when it could not be checked.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type ExpectedEntry, parseExpectedEntry, parseKeptNotes, verifyTrackRecordOnline } from '@signalroom/shared';
import { parseVerifierKey } from '@signalroom/shared/tlog';
import { nodeSha256, sha256Hex } from '@signalroom/shared-node';

const USAGE =
  'usage: npm run verify-track-record -- --url <base URL> --witness <witness vkey> [--witness ...] [--quorum N] ' +
  '[--log-key <log vkey>] [--expect <seq>:<hash>]... [--kept <file of signed notes>]';

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const base = values.url ?? positionals[0];
  const expect: ExpectedEntry[] = [];
  for (const text of values.expect ?? []) {
    const entry = parseExpectedEntry(text);
    if (!entry) {
      console.error(`--expect takes <seq>:<64 hex digits>, not ${text}\n${USAGE}`);
      return 2;
    }
    expect.push(entry);
  }
  const witnesses = values.witness ?? [];
  for (const vkey of witnesses) {
    try {
      parseVerifierKey(vkey);
    } catch (error) {
      console.error(`--witness ${vkey}: ${(error as Error).message}`);
      return 2;
    }
  }
  const quorum = values.quorum === undefined ? witnesses.length : Number(values.quorum);
  if (!base || !Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length) {
    console.error(USAGE);
    return 2;
  }
  if (witnesses.length === 0)
    console.log('  note: no --witness given: nothing says the operator did not rewrite this record');
  try {
    const kept = values.kept ? parseKeptNotes(await readFile(values.kept, 'utf8')) : [];
    const report = await verifyTrackRecordOnline({
      base,
      witnesses,
      quorum,
      ...(values['log-key'] ? { logKey: values['log-key'] } : {}),
      expect,
      kept,
      sha256Hex,
      merkleSha256: nodeSha256,
    });
    for (const line of report.passed) console.log(`  ok: ${line}`);
    if (report.ok) {
      console.log(`OK: ${report.length} public entries of ${report.size}, root ${report.root}`);
      return 0;
    }
    for (const problem of report.problems) console.log(`BROKEN: ${problem}`);
    return 1;
  } catch (error) {
    console.error(`could not check the record at ${base}: ${(error as Error).message}`);
    return 2;
  }
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      witness: { type: 'string', multiple: true },
      quorum: { type: 'string' },
      'log-key': { type: 'string' },
      expect: { type: 'string', multiple: true },
      kept: { type: 'string' },
    },
  });
}

process.exitCode = await main();
