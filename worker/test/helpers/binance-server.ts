import {
  candleFrom,
  type ProviderRequest,
  type ProviderServer,
  providerPrices,
  startProviderServer,
} from './provider-server.js';

/**
 * A local Binance spot API, answering the three public endpoints ccxt's binance class calls for what the
 * feed does (loadMarkets of spot markets only: /api/v3/exchangeInfo; fetchOHLCV: /api/v3/klines;
 * fetchTicker: /api/v3/ticker/24hr), in the format of Binance's published spot REST API documentation
 * ("General API Information", "Market Data endpoints"):
 * - exchangeInfo: { timezone, serverTime, rateLimits, exchangeFilters, symbols: [{ symbol, status, baseAsset,
 *   quoteAsset, ..., filters: [PRICE_FILTER { tickSize }, LOT_SIZE { stepSize }], permissionSets }] };
 * - klines: arrays [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBuyBase,
 *   takerBuyQuote, ignore], numbers as strings, from startTime, at most `limit` (default 500, max 1000),
 *   the current (unfinished) kline included as Binance does;
 * - ticker/24hr?symbol=: { symbol, lastPrice, bidPrice, askPrice, openTime, closeTime, ... };
 * - errors: { code, msg } (code -1121 "Invalid symbol."), HTTP 429 with Retry-After when rate limited.
 * A symbol in status BREAK is a market not trading now.
 */
export interface BinanceServer extends ProviderServer {
  price(symbol: string, epochMs: number): number;
  /** The close Binance gives for the kline ending at `epochMs` (symbol as 'BTCUSDT'). */
  closeAt(symbol: string, epochMs: number): number;
  /** Trading status of a symbol in exchangeInfo ('TRADING', 'BREAK'). */
  setStatus(symbol: string, status: 'TRADING' | 'BREAK'): void;
  /** No kline of this symbol opens in [from, to) (a gap). */
  addGap(symbol: string, from: Date, to: Date): void;
  /** The settings that point a server's feed at this exchange through ccxt, trading both its symbols. */
  feedEnv: { MARKET_FEED: string; CCXT_API_URL: string; SIGNAL_ASSETS: string };
}

const SYMBOLS = [
  { symbol: 'BTCUSDT', baseAsset: 'BTC', quoteAsset: 'USDT', tickSize: '0.01000000', stepSize: '0.00001000' },
  { symbol: 'ETHUSDT', baseAsset: 'ETH', quoteAsset: 'USDT', tickSize: '0.01000000', stepSize: '0.00010000' },
];
const FOLLOWS = { BTCUSDT: { asset: 'XAU/USD', scale: 40 }, ETHUSDT: { asset: 'GBP/JPY', scale: 15 } };
const INTERVALS: Record<string, number> = { '1s': 1000, '1m': 60_000, '3m': 180_000, '5m': 300_000, '15m': 900_000 };
const DECIMALS = 2;

export async function startBinanceServer(options: { seed?: string; now?: () => number } = {}): Promise<BinanceServer> {
  const now = options.now ?? Date.now;
  const price = providerPrices(options.seed ?? 'binance', FOLLOWS);
  const status = new Map(SYMBOLS.map((s) => [s.symbol, 'TRADING']));
  const gaps: { symbol: string; from: number; to: number }[] = [];
  const invalidSymbol = { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };

  function exchangeInfo() {
    return {
      status: 200,
      body: {
        timezone: 'UTC',
        serverTime: now(),
        rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }],
        exchangeFilters: [],
        symbols: SYMBOLS.map((s) => ({
          symbol: s.symbol,
          status: status.get(s.symbol),
          baseAsset: s.baseAsset,
          baseAssetPrecision: 8,
          quoteAsset: s.quoteAsset,
          quotePrecision: 8,
          quoteAssetPrecision: 8,
          orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
          icebergAllowed: true,
          ocoAllowed: true,
          quoteOrderQtyMarketAllowed: true,
          isSpotTradingAllowed: true,
          isMarginTradingAllowed: false,
          filters: [
            { filterType: 'PRICE_FILTER', minPrice: '0.01000000', maxPrice: '1000000.00000000', tickSize: s.tickSize },
            { filterType: 'LOT_SIZE', minQty: s.stepSize, maxQty: '9000.00000000', stepSize: s.stepSize },
          ],
          permissions: [],
          permissionSets: [['SPOT']],
          defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
          allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
        })),
      },
    };
  }

  function klines(query: URLSearchParams) {
    const symbol = query.get('symbol') ?? '';
    if (!status.has(symbol)) return invalidSymbol;
    const ms = INTERVALS[query.get('interval') ?? ''];
    if (!ms) return { status: 400, body: { code: -1120, msg: 'Invalid interval.' } };
    const limit = Math.min(1000, Number(query.get('limit') ?? 500));
    const startTime = Number(query.get('startTime') ?? now() - limit * ms);
    const out: unknown[] = [];
    for (let open = Math.ceil(startTime / ms) * ms; open <= now() && out.length < limit; open += ms) {
      if (gaps.some((g) => g.symbol === symbol && open < g.to && open + ms > g.from)) continue;
      const c = candleFrom((t) => price(symbol, Math.min(t, now())), open, ms, DECIMALS);
      out.push([open, c.o, c.h, c.l, c.c, '1.50000000', open + ms - 1, '1000.00', 42, '0.7', '500.00', '0']);
    }
    return { status: 200, body: out };
  }

  function ticker(query: URLSearchParams) {
    const symbol = query.get('symbol') ?? '';
    if (!status.has(symbol)) return invalidSymbol;
    const at = now();
    const last = price(symbol, at);
    const fixed = (x: number) => x.toFixed(DECIMALS);
    return {
      status: 200,
      body: {
        symbol,
        priceChange: '0.00',
        priceChangePercent: '0.000',
        weightedAvgPrice: fixed(last),
        prevClosePrice: fixed(last),
        lastPrice: fixed(last),
        lastQty: '0.01000000',
        bidPrice: fixed(last - 0.01),
        bidQty: '1.00000000',
        askPrice: fixed(last + 0.01),
        askQty: '1.00000000',
        openPrice: fixed(last),
        highPrice: fixed(last),
        lowPrice: fixed(last),
        volume: '1000.00000000',
        quoteVolume: '1000000.00',
        openTime: at - 86_400_000,
        closeTime: at,
        firstId: 1,
        lastId: 1000,
        count: 1000,
      },
    };
  }

  function route(request: ProviderRequest) {
    if (request.path === '/api/v3/exchangeInfo') return exchangeInfo();
    if (request.path === '/api/v3/klines') return klines(request.query);
    if (request.path === '/api/v3/ticker/24hr') return ticker(request.query);
    return { status: 404, body: { code: -1000, msg: 'An unknown error occurred while processing the request.' } };
  }

  // A 429 carries Binance's -1003; a 5xx comes from in front of the API, with no body of Binance's own.
  const server = await startProviderServer(route, (code) =>
    code === 429 ? { code: -1003, msg: 'Too many requests; current limit is 6000 request weight per 1 MINUTE.' } : {},
  );
  return {
    ...server,
    price,
    closeAt: (symbol, epochMs) => Number(price(symbol, epochMs).toFixed(DECIMALS)),
    setStatus: (symbol, value) => status.set(symbol, value),
    addGap: (symbol, from, to) => gaps.push({ symbol, from: from.getTime(), to: to.getTime() }),
    feedEnv: { MARKET_FEED: 'ccxt:binance', CCXT_API_URL: server.url, SIGNAL_ASSETS: 'BTC/USDT,ETH/USDT' },
  };
}
