import { fxWeekendClosure } from '@signalroom/shared';
import { OANDA_GRANULARITIES } from '@signalroom/shared-node/market';
import {
  candleFrom,
  type ProviderRequest,
  type ProviderServer,
  providerPrices,
  startProviderServer,
} from './provider-server.js';

/**
 * A local OANDA v20 REST server. Every answer follows OANDA's published API (the OpenAPI files of the
 * public repository oanda/v20-openapi):
 * - GET /v3/accounts/{accountID}/instruments: v20_account.yaml, `instruments` of
 *   primitives.yaml#/definitions/Instrument (name, type, displayName, pipLocation, displayPrecision ...);
 * - GET /v3/accounts/{accountID}/pricing?instruments=A,B: v20_pricing.yaml, `prices` of ClientPrice
 *   (type PRICE, instrument, time, status, tradeable, bids/asks of PriceBucket, closeoutBid/Ask) and `time`;
 * - GET /v3/instruments/{instrument}/candles?price=M&granularity=&from=&to=: v20_instrument.yaml,
 *   { instrument, granularity, candles: [Candlestick { time, mid: { o, h, l, c }, volume, complete }] };
 * - errors: primitives.yaml#/responses (400, 401, 404 ...) with { errorCode?, errorMessage }, and a 429
 *   with Retry-After when asked to (OANDA limits request rates per connection).
 * Prices are decimal strings at the instrument's displayPrecision; no candle exists while the FX market is
 * closed (Friday 17:00 to Sunday 17:00 New York) or inside a gap the test makes.
 */
export interface OandaServer extends ProviderServer {
  accountId: string;
  token: string;
  /** The price of a symbol at an instant (unrounded); a candle ending at T closes at it, rounded. */
  price(symbol: string, epochMs: number): number;
  /** The close OANDA gives for the candle ending at `epochMs`, as the feed reads it. */
  closeAt(symbol: string, epochMs: number): number;
  /** No candle of this symbol opens in [from, to): nobody traded (a gap). */
  addGap(symbol: string, from: Date, to: Date): void;
  /** What the pricing endpoint says of this symbol's `tradeable` flag. */
  setTradeable(symbol: string, tradeable: boolean): void;
}

const INSTRUMENTS = [
  { name: 'EUR_USD', type: 'CURRENCY', displayName: 'EUR/USD', pipLocation: -4, displayPrecision: 5 },
  { name: 'GBP_USD', type: 'CURRENCY', displayName: 'GBP/USD', pipLocation: -4, displayPrecision: 5 },
  { name: 'USD_JPY', type: 'CURRENCY', displayName: 'USD/JPY', pipLocation: -2, displayPrecision: 3 },
  { name: 'XAU_USD', type: 'METAL', displayName: 'Gold', pipLocation: -2, displayPrecision: 3 },
];
const FOLLOWS = {
  EUR_USD: { asset: 'EUR/USD (OTC)' },
  GBP_USD: { asset: 'GBP/USD' },
  USD_JPY: { asset: 'USD/JPY' },
  XAU_USD: { asset: 'XAU/USD' },
};
const GRANULARITY_MS = new Map(OANDA_GRANULARITIES);
const MAX_CANDLES = 5000;

export async function startOandaServer(
  options: { seed?: string; now?: () => number; accountId?: string; token?: string } = {},
): Promise<OandaServer> {
  const accountId = options.accountId ?? '101-004-1234567-001';
  const token = options.token ?? 'local-oanda-token-0123456789';
  const now = options.now ?? Date.now;
  const price = providerPrices(options.seed ?? 'oanda', FOLLOWS);
  const precision = (symbol: string) => INSTRUMENTS.find((i) => i.name === symbol)?.displayPrecision ?? 5;
  const gaps: { symbol: string; from: number; to: number }[] = [];
  const untradeable = new Set<string>();
  const error = (status: number, errorMessage: string, errorCode?: string) => ({
    status,
    body: errorCode ? { errorCode, errorMessage } : { errorMessage },
  });
  const hasCandle = (symbol: string, start: number, ms: number) =>
    fxWeekendClosure(new Date(start)).open &&
    fxWeekendClosure(new Date(start + ms - 1)).open &&
    !gaps.some((g) => g.symbol === symbol && start < g.to && start + ms > g.from);

  function candles(symbol: string, query: URLSearchParams) {
    const granularity = query.get('granularity') ?? 'S5';
    const ms = GRANULARITY_MS.get(granularity);
    if (!ms) return error(400, `Invalid value specified for 'granularity'`);
    if (query.get('price') !== 'M') return error(400, `Invalid value specified for 'price'`);
    const from = Date.parse(query.get('from') ?? '');
    const to = Date.parse(query.get('to') ?? '');
    if (!Number.isFinite(from) || !Number.isFinite(to)) return error(400, `Invalid value specified for 'from'`);
    if (to > now()) return error(400, `Invalid value specified for 'to'. Time is in the future`);
    if ((to - from) / ms > MAX_CANDLES) return error(400, `Maximum value for 'count' exceeded`);
    const out = [];
    for (let start = Math.ceil(from / ms) * ms; start < to; start += ms) {
      if (!hasCandle(symbol, start, ms)) continue;
      out.push({
        complete: start + ms <= now(),
        volume: 12,
        time: new Date(start).toISOString().replace('.000Z', '.000000000Z'),
        mid: candleFrom((t) => price(symbol, t), start, ms, precision(symbol)),
      });
    }
    return { status: 200, body: { instrument: symbol, granularity, candles: out } };
  }

  function pricing(query: URLSearchParams) {
    const symbols = (query.get('instruments') ?? '').split(',').filter(Boolean);
    const unknown = symbols.filter((s) => !INSTRUMENTS.some((i) => i.name === s));
    if (symbols.length === 0 || unknown.length) return error(400, `Invalid value specified for 'instruments'`);
    const at = now();
    const prices = symbols.map((symbol) => {
      const mid = price(symbol, at);
      const half = 10 ** -precision(symbol);
      const bid = (mid - half).toFixed(precision(symbol));
      const ask = (mid + half).toFixed(precision(symbol));
      const tradeable = !untradeable.has(symbol) && fxWeekendClosure(new Date(at)).open;
      return {
        type: 'PRICE',
        instrument: symbol,
        time: new Date(at).toISOString(),
        status: tradeable ? 'tradeable' : 'non-tradeable',
        tradeable,
        bids: [{ price: bid, liquidity: 10_000_000 }],
        asks: [{ price: ask, liquidity: 10_000_000 }],
        closeoutBid: bid,
        closeoutAsk: ask,
      };
    });
    return { status: 200, body: { time: new Date(at).toISOString(), prices } };
  }

  function route(request: ProviderRequest) {
    if (request.headers.authorization !== `Bearer ${token}`) {
      return error(401, 'Insufficient authorization to perform request.');
    }
    const account = request.path.match(/^\/v3\/accounts\/([^/]+)\/(instruments|pricing)$/);
    if (account) {
      if (decodeURIComponent(account[1] as string) !== accountId) {
        return error(400, "Invalid value specified for 'accountID'", '-1');
      }
      return account[2] === 'instruments'
        ? { status: 200, body: { instruments: INSTRUMENTS, lastTransactionID: '6356' } }
        : pricing(request.query);
    }
    const instrument = request.path.match(/^\/v3\/instruments\/([^/]+)\/candles$/);
    if (instrument) {
      const symbol = decodeURIComponent(instrument[1] as string);
      if (!INSTRUMENTS.some((i) => i.name === symbol)) return error(400, `Invalid value specified for 'instrument'`);
      return candles(symbol, request.query);
    }
    return error(404, 'The requested resource does not exist.');
  }

  const server = await startProviderServer(route, (status) => ({
    errorMessage: status === 429 ? 'Too many requests' : 'Service unavailable',
  }));
  return {
    ...server,
    accountId,
    token,
    price,
    closeAt: (symbol, epochMs) => Number(price(symbol, epochMs).toFixed(precision(symbol))),
    addGap: (symbol, from, to) => gaps.push({ symbol, from: from.getTime(), to: to.getTime() }),
    setTradeable: (symbol, tradeable) => (tradeable ? untradeable.delete(symbol) : untradeable.add(symbol)),
  };
}
