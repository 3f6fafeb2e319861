import { marketFeedLabel, SIGNAL_ASSETS, SIMULATED_FEED_ID } from '@signalroom/shared';
import { z } from 'zod';

/** The market feed's settings (part of the settings server and worker share, ZSharedEnv). */
export const ZMarketEnv = z.object({
  /**
   * Where prices come from: `simulated` (the default), `oanda`, `ccxt:<exchange id>` or `http` (the JSON
   * contract at MARKET_FEED_URL). Unset with MARKET_FEED_URL set: `http`, as before this setting existed.
   */
  MARKET_FEED: z
    .string()
    .regex(/^(simulated|oanda|http|ccxt:[a-z0-9]+)$/, 'one of simulated, oanda, http, ccxt:<exchange id>')
    .optional(),
  /** Base of the HTTP feed contract (MARKET_FEED=http). */
  MARKET_FEED_URL: z.url().optional(),
  /** Seed of the simulated market (same seed, same prices). */
  MARKET_SEED: z.string().min(1).optional(),
  /**
   * The instruments the engine trades, comma-separated (`EUR/USD,GBP/USD,XAU/USD`); `name=SYMBOL` names
   * the provider's symbol when it is not the usual mapping (EUR/USD is EUR_USD at OANDA, BTC/USDT at an
   * exchange). Checked at start against what the provider lists. Unset: each feed's default list.
   */
  SIGNAL_ASSETS: z.string().optional(),
  /** OANDA v20 REST base (practice or live host, or a mirror); unset: OANDA's host for OANDA_ENVIRONMENT. */
  OANDA_API_URL: z.url().optional(),
  /** Which OANDA environment the account lives in; named on every page ("OANDA (practice)"). */
  OANDA_ENVIRONMENT: z.enum(['practice', 'live']).default('practice'),
  OANDA_ACCOUNT_ID: z
    .string()
    .regex(/^[0-9-]+$/, 'not an OANDA account ID (digits and dashes, e.g. 101-004-1234567-001)')
    .optional(),
  /** OANDA personal access token; sent as a bearer token, never logged. */
  OANDA_API_TOKEN: z.string().min(8).optional(),
  /** Overrides the ccxt exchange's API host (a mirror, or a local server in tests); paths stay the exchange's. */
  CCXT_API_URL: z.url().optional(),
  /** A provider request not answered within this long fails (and is retried). */
  MARKET_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Tries per provider request on a 429, a 5xx or a timeout before the slot or the step gives up. */
  MARKET_REQUEST_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** A last candle older than this before the slot is stale: the asset has no data for that slot. */
  MARKET_STALE_AFTER_MS: z.coerce.number().int().min(1000).default(120_000),
});

/** OANDA's own hosts for each environment (its v20 REST API). */
export const OANDA_HOSTS = {
  practice: 'https://api-fxpractice.oanda.com',
  live: 'https://api-fxtrade.oanda.com',
} as const;

/** What each real feed trades when SIGNAL_ASSETS is unset (OANDA and the HTTP contract: FX and gold). */
const DEFAULT_ASSETS = {
  fx: ['EUR/USD', 'GBP/USD', 'USD/JPY', 'AUD/USD', 'USD/CAD', 'GBP/JPY', 'XAU/USD'],
  ccxt: ['BTC/USDT', 'ETH/USDT'],
} as const;

/** One traded instrument: our name for it (shown everywhere) and the provider's symbol. */
export interface AssetMapping {
  asset: string;
  symbol: string;
}

interface FeedCommon {
  id: string;
  label: string;
  assets: AssetMapping[];
  /** Provider requests: timeout, tries, and how old a last candle may be before the slot. */
  timeoutMs: number;
  attempts: number;
  staleAfterMs: number;
}

/** The feed a configuration asks for, resolved once: which kind, its settings, the instruments it trades. */
export type MarketFeedSettings = FeedCommon &
  (
    | { kind: 'simulated'; seed: string | undefined }
    | { kind: 'http'; url: string }
    | { kind: 'oanda'; apiUrl: string; accountId: string; token: string; environment: 'practice' | 'live' }
    | { kind: 'ccxt'; exchange: string; apiUrl: string | undefined }
  );

type MarketEnv = z.output<typeof ZMarketEnv>;

function feedKind(env: MarketEnv): string {
  return env.MARKET_FEED ?? (env.MARKET_FEED_URL ? 'http' : 'simulated');
}

/** The usual provider symbol of an asset: OANDA joins the currencies with '_', ccxt keeps 'BASE/QUOTE'. */
function providerSymbol(kind: string, asset: string): string {
  return kind === 'oanda' ? asset.replace('/', '_') : asset;
}

function parseAssets(kind: string, list: string | undefined): AssetMapping[] {
  const names =
    list?.split(',') ??
    (kind === 'simulated' ? SIGNAL_ASSETS : kind.startsWith('ccxt:') ? DEFAULT_ASSETS.ccxt : DEFAULT_ASSETS.fx);
  return names
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [asset = '', symbol] = entry.split('=').map((part) => part.trim());
      return { asset, symbol: symbol || providerSymbol(kind, asset) };
    });
}

/** `KEY: problem` lines for market settings that cannot work together; empty when they can. */
export function marketFeedProblems(env: MarketEnv): string[] {
  const kind = feedKind(env);
  const problems: string[] = [];
  const line = (key: string, message: string) => `  ${key}: ${message}`;
  if (kind === 'http' && !env.MARKET_FEED_URL) problems.push(line('MARKET_FEED_URL', 'required with MARKET_FEED=http'));
  if (kind === 'oanda') {
    if (!env.OANDA_ACCOUNT_ID) problems.push(line('OANDA_ACCOUNT_ID', 'required with MARKET_FEED=oanda'));
    if (!env.OANDA_API_TOKEN) problems.push(line('OANDA_API_TOKEN', 'required with MARKET_FEED=oanda'));
  }
  const assets = parseAssets(kind, env.SIGNAL_ASSETS);
  if (assets.length === 0) problems.push(line('SIGNAL_ASSETS', 'names no instrument'));
  const names = assets.map((a) => a.asset);
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length) problems.push(line('SIGNAL_ASSETS', `lists ${repeated.join(', ')} twice`));
  if (kind === 'simulated') {
    const unknown = names.filter((name) => !(SIGNAL_ASSETS as readonly string[]).includes(name));
    if (unknown.length) {
      problems.push(
        line('SIGNAL_ASSETS', `the simulated market trades ${SIGNAL_ASSETS.join(', ')}; not ${unknown.join(', ')}`),
      );
    }
  } else {
    // "OTC" is the simulation's word for its own always-open prices; a real market has no such instrument.
    const otc = [...new Set(names.filter((name) => /\(OTC\)/i.test(name)))];
    if (otc.length) problems.push(line('SIGNAL_ASSETS', `${otc.join(', ')}: OTC names belong to the simulated market`));
  }
  return problems;
}

/** The feed settings of a checked configuration (parseEnv has refused any with marketFeedProblems). */
export function marketFeedSettings(env: MarketEnv): MarketFeedSettings {
  const kind = feedKind(env);
  const common = (id: string): FeedCommon => ({
    id,
    label: marketFeedLabel(id),
    assets: parseAssets(kind, env.SIGNAL_ASSETS),
    timeoutMs: env.MARKET_REQUEST_TIMEOUT_MS,
    attempts: env.MARKET_REQUEST_ATTEMPTS,
    staleAfterMs: env.MARKET_STALE_AFTER_MS,
  });
  if (kind === 'oanda') {
    const environment = env.OANDA_ENVIRONMENT;
    return {
      ...common(`oanda:${environment}`),
      kind,
      environment,
      apiUrl: env.OANDA_API_URL ?? OANDA_HOSTS[environment],
      accountId: env.OANDA_ACCOUNT_ID ?? '',
      token: env.OANDA_API_TOKEN ?? '',
    };
  }
  if (kind.startsWith('ccxt:')) {
    return { ...common(kind), kind: 'ccxt', exchange: kind.slice('ccxt:'.length), apiUrl: env.CCXT_API_URL };
  }
  if (kind === 'http') return { ...common('http'), kind, url: env.MARKET_FEED_URL ?? '' };
  return { ...common(SIMULATED_FEED_ID), kind: 'simulated', seed: env.MARKET_SEED };
}
