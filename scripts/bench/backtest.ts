// npm run bench -- backtest [--candles 370000]
//
// A year of 1-minute candles for one instrument (about 370,000: an FX market's trading minutes) written
// to a CSV file, then backtested as `npm run backtest -- --candles <file>` does: read, checked, replayed
// slot by slot (5-minute slots, the engine's strategy), judged and reported. Prints candles per second,
// beside its floor measured in the same run: the bare CSV parse of the same file (csv-parse alone, no
// checks, no replay), their ratio, and the machine's load average. Goal: the whole backtest under 60 s.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PAYOUT_PERCENT } from '@signalroom/shared';
import { candlesCsv, generatedCandles, MomentumStrategy, runBacktest } from '@signalroom/worker';
import { parse } from 'csv-parse/sync';
import { log } from './bench-common.js';

const { values: flags } = parseArgs({ options: { candles: { type: 'string', default: '370000' } } });
const count = Number(flags.candles);
const dir = await mkdtemp(join(tmpdir(), 'sr-bench-backtest-'));
const file = join(dir, 'generated-1m.csv');
try {
  log(`generating ${count.toLocaleString('en-US')} 1-minute candles from the simulated market`);
  const candles = generatedCandles({
    seed: 'bench-backtest',
    asset: 'EUR/USD (OTC)',
    from: Date.parse('2025-01-06T00:00:00Z'),
    count,
    intervalMs: 60_000,
  });
  await writeFile(file, candlesCsv(candles, ['GENERATED, NOT MARKET DATA (bench -- backtest)']));

  // The floor: the same file read and split into rows, nothing else.
  let t0 = performance.now();
  const rows = parse(await readFile(file, 'utf8'), { comment: '#', skip_empty_lines: true }) as string[][];
  const parseSeconds = (performance.now() - t0) / 1000;
  if (rows.length !== count + 1) throw new Error(`parsed ${rows.length} rows`);

  t0 = performance.now();
  const report = await runBacktest(
    {
      feedName: 'simulated',
      asset: 'EUR/USD (OTC)',
      from: undefined,
      to: undefined,
      candlesFile: file,
      payoutPercent: DEFAULT_PAYOUT_PERCENT,
      windowMs: 300_000,
      json: false,
    },
    { feed: null, strategy: new MomentumStrategy() },
  );
  const backtestSeconds = (performance.now() - t0) / 1000;

  const rate = (seconds: number) => Math.round(count / seconds).toLocaleString('en-US');
  console.log('\n=== bench:backtest results ===');
  console.log(`candles: ${count.toLocaleString('en-US')} (1 min); signals: ${report.signals.toLocaleString('en-US')}`);
  console.log(
    `backtest (read, check, replay, report): ${backtestSeconds.toFixed(2)} s, ${rate(backtestSeconds)} candles/s (goal: < 60 s)`,
  );
  console.log(`floor, the bare CSV parse: ${parseSeconds.toFixed(2)} s, ${rate(parseSeconds)} candles/s`);
  console.log(`ratio backtest / parse: ${(backtestSeconds / parseSeconds).toFixed(2)}×`);
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
