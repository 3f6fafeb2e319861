import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SimulatedMarket } from '@signalroom/shared-node/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPED_CANDLES } from '../src/backtest/generated-candles.js';
import { formatBacktestReport } from '../src/backtest/report.js';
import { backtestFeed, runBacktest } from '../src/backtest/run-backtest.js';
import { MomentumStrategy } from '../src/strategy/momentum-strategy.js';
import { type FakeProvider, startFakeProvider } from './helpers/fake-provider.js';

const root = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);

/** `npm run backtest -- <args>` as an operator types it (the same node flags), its exit code and output. */
async function backtest(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=@signalroom/source', '--import', 'tsx', 'worker/src/backtest/cli.ts', ...args],
      { cwd: root, env: { ...process.env, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run backtest', () => {
  let dir: string;
  let provider: FakeProvider;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sr-backtest-'));
    provider = await startFakeProvider('provider');
  });
  afterAll(async () => {
    await provider.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints every figure for the shipped candles, as the replay computes them', async () => {
    const args = [
      '--feed',
      'simulated',
      '--asset',
      'EUR/USD (OTC)',
      '--candles',
      SHIPPED_CANDLES.path,
      '--payout',
      '85',
    ];
    const result = await backtest(args);
    expect(result.code).toBe(0);
    for (const figure of [
      'Signals: ',
      'First-window win rate: ',
      'Win rate with martingale: ',
      // 3 of the 282 first windows broke even: (1 − 3/282) / 1.85 = 53.5 %, on the rate's own footing.
      'Break-even at a payout of 85%: 53.5%',
      'Expected value per 1 unit staked, first window alone: ',
      'Expected value per signal with the martingale plan',
      'Worst losing streak: ',
      'Maximum drawdown of the martingale plan (first stake 1 unit): ',
      'p-value against a coin flip (exact binomial test, two-sided',
    ]) {
      expect(result.stdout).toContain(figure);
    }
    const inProcess = await runBacktest(
      {
        feedName: 'simulated',
        asset: 'EUR/USD (OTC)',
        from: undefined,
        to: undefined,
        candlesFile: join(root, SHIPPED_CANDLES.path),
        payoutPercent: 85,
        windowMs: 300_000,
        json: false,
      },
      { feed: null, strategy: new MomentumStrategy() },
    );
    expect(result.stdout.trim().split('\n').slice(1)).toEqual(formatBacktestReport(inProcess).split('\n').slice(1));
  });

  it('refuses an unsorted candles file with the line that is wrong', async () => {
    const file = join(dir, 'unsorted.csv');
    await writeFile(
      file,
      'time,open,high,low,close\n1767571200000,1,1,1,1\n1767571320000,1,1,1,1\n1767571260000,1,1,1,1\n',
    );
    const result = await backtest(['--feed', 'simulated', '--asset', 'EUR/USD', '--candles', file]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `${file}: line 4: time 2026-01-05T00:01:00.000Z is not after the row before it (rows must be in increasing time)`,
    );
  });

  it('reads the history from the configured feed, through the feed the engine reads', async () => {
    const range = ['--from', '2026-01-05T00:00:00Z', '--to', '2026-01-05T04:00:00Z'];
    const result = await backtest(['--feed', 'http', '--asset', 'GBP/USD', ...range, '--json'], {
      MARKET_FEED_URL: `${provider.url}/feed`,
      PAYOUT_PERCENT: '85',
    });
    expect(result.code).toBe(0);
    // The provider serves the simulated market of seed "provider": the same replay, in process, agrees.
    const expected = await backtestFeed(new SimulatedMarket({ seed: 'provider' }), ['GBP/USD'], {
      strategy: new MomentumStrategy(),
      windowMs: 300_000,
      from: Date.parse('2026-01-05T00:00:00Z'),
      to: Date.parse('2026-01-05T04:00:00Z'),
      payoutPercent: 85,
      source: 'http',
    });
    expect(JSON.parse(result.stdout)).toEqual(expected);
    expect(expected.signals).toBeGreaterThan(40);
    expect(provider.requests.some((r) => r.startsWith('/feed/candles?asset=GBP%2FUSD'))).toBe(true);
  });
});
