import type { ModuleLogger } from '../logger.js';
import { CcxtFeed } from './ccxt/ccxt-feed.js';
import { HttpMarketFeed } from './http-market-feed.js';
import type { MarketFeedSettings } from './market-config.js';
import type { MarketFeed } from './market-feed.js';
import { OandaFeed } from './oanda/oanda-feed.js';
import { SimulatedMarket } from './simulated-market.js';

export * from './assets.js';
export * from './ccxt/ccxt-feed.js';
export * from './http-market-feed.js';
export * from './market-feed.js';
export * from './oanda/oanda-client.js';
export * from './oanda/oanda-feed.js';
export * from './oanda/oanda-schemas.js';
export * from './simulated-market.js';

/**
 * The one place a configuration becomes a feed (the worker, the embedded worker and the server call it):
 * the simulated market, the HTTP contract, OANDA v20 or an exchange through ccxt. A real provider's feed
 * is connected before it is returned: its instruments were listed and every configured one was found, so
 * a wrong SIGNAL_ASSETS fails here, not at the first slot (the standalone worker stops at start; the
 * embedded worker logs it and connects again every 30 s while the server keeps serving its pages).
 */
export async function createMarketFeed(
  settings: MarketFeedSettings,
  options: { logger?: ModuleLogger | undefined; now?: () => Date } = {},
): Promise<MarketFeed> {
  const assets = settings.assets.map((a) => a.asset);
  const common = {
    assets: settings.assets,
    timeoutMs: settings.timeoutMs,
    attempts: settings.attempts,
    staleAfterMs: settings.staleAfterMs,
    logger: options.logger,
    ...(options.now ? { now: options.now } : {}),
  };
  switch (settings.kind) {
    case 'simulated':
      return new SimulatedMarket({ ...(settings.seed ? { seed: settings.seed } : {}), assets });
    case 'http':
      return new HttpMarketFeed(settings.url, { timeoutMs: settings.timeoutMs, assets });
    case 'oanda':
      return OandaFeed.start({
        ...common,
        apiUrl: settings.apiUrl,
        accountId: settings.accountId,
        token: settings.token,
        environment: settings.environment,
      });
    default:
      return CcxtFeed.start({ ...common, exchange: settings.exchange, apiUrl: settings.apiUrl });
  }
}
