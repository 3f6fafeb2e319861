/**
 * npm run backtest -- --feed <feed> --asset <instrument> --from <date> --to <date> [--candles file.csv]
 *   [--payout <percent>] [--window <5m|300s|300000>] [--json]
 *
 * Replays the engine's strategy over history, slot by slot, and prints every figure a trader needs to
 * judge it (see report.ts). Candles come from the feed (through the same MarketFeed the engine reads) or
 * from a candles CSV (see candle-csv.ts); the payout and window default to PAYOUT_PERCENT and
 * SIGNAL_INTERVAL_MS. It only prints: the Gold Room's backtest is the server's own run on its feed.
 */
import { parseArgs } from 'node:util';
import { ConfigError, marketFeedProblems, marketFeedSettings, parseEnv, ZSharedEnv } from '@signalroom/shared-node';
import { createMarketFeed, type MarketFeed } from '@signalroom/shared-node/market';
import { MomentumStrategy } from '../strategy/momentum-strategy.js';
import { CandleFileError } from './candle-csv.js';
import { formatBacktestReport } from './report.js';
import { type BacktestOptions, runBacktest } from './run-backtest.js';

class UsageError extends Error {}

const USAGE =
  'usage: npm run backtest -- --feed <simulated|oanda|ccxt:<exchange>|http> --asset <instrument> --from <date> --to <date> ' +
  '[--candles file.csv] [--payout <percent>] [--window <5m>] [--json]';

function dateOf(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
  if (!Number.isFinite(ms))
    throw new UsageError(`--${flag} "${text}" is not a date (2026-01-05 or 2026-01-05T10:00:00Z)`);
  return ms;
}

function durationOf(text: string): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(text);
  if (!match) throw new UsageError(`--window "${text}" is not a duration (5m, 300s or 300000)`);
  const factor = { ms: 1, s: 1000, m: 60_000 }[match[2] ?? 'ms'] ?? 1;
  return Number(match[1]) * factor;
}

function optionsFromArgs(argv: string[], env: ReturnType<typeof ZSharedEnv.parse>): BacktestOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      feed: { type: 'string' },
      asset: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      candles: { type: 'string' },
      payout: { type: 'string' },
      window: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.feed) throw new UsageError('--feed is required');
  if (!values.asset) throw new UsageError('--asset is required');
  const from = dateOf('from', values.from);
  const to = dateOf('to', values.to);
  if (!values.candles && (from === undefined || to === undefined)) {
    throw new UsageError('--from and --to are required when the candles come from the feed');
  }
  if (from !== undefined && to !== undefined && from >= to) throw new UsageError('--from must be before --to');
  const payout = values.payout === undefined ? env.PAYOUT_PERCENT : Number(values.payout);
  if (!(payout >= 1 && payout <= 100))
    throw new UsageError(`--payout "${values.payout}" is not a percent from 1 to 100`);
  return {
    feedName: values.feed,
    asset: values.asset,
    from,
    to,
    candlesFile: values.candles,
    payoutPercent: payout,
    windowMs: values.window ? durationOf(values.window) : env.SIGNAL_INTERVAL_MS,
    json: values.json ?? false,
  };
}

async function main(): Promise<number> {
  const env = parseEnv(ZSharedEnv, process.env, 'Invalid configuration:', { wholeShape: false });
  let options: BacktestOptions;
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  try {
    options = optionsFromArgs(args, env);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  // The feed comes from the same settings and the same factory the engine uses, with --feed as
  // MARKET_FEED and --asset as the one instrument traded (its other keys, tokens and URLs, from the env).
  // A candles file needs no feed: --feed then only names the history in the report.
  const marketEnv = { ...env, MARKET_FEED: options.feedName, SIGNAL_ASSETS: options.asset };
  const feedName = ZSharedEnv.shape.MARKET_FEED.safeParse(options.feedName);
  const problems = options.candlesFile
    ? []
    : feedName.success
      ? marketFeedProblems(marketEnv)
      : [`  --feed: ${feedName.error.issues[0]?.message}`];
  if (problems.length > 0) {
    console.error(`--feed ${options.feedName}:\n${problems.join('\n')}\n${USAGE}`);
    return 2;
  }
  let feed: MarketFeed | null = null;
  try {
    if (!options.candlesFile) feed = await createMarketFeed(marketFeedSettings(marketEnv));
    const report = await runBacktest(options, { feed, strategy: new MomentumStrategy() });
    console.log(options.json ? JSON.stringify(report, null, 2) : formatBacktestReport(report));
    return 0;
  } catch (error) {
    if (error instanceof CandleFileError) {
      console.error(`${options.candlesFile}: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await feed?.close?.();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
