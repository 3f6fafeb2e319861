import { HttpMarketFeed } from './http-market-feed.js';
import type { MarketFeed } from './market-feed.js';
import { SimulatedMarket } from './simulated-market.js';

export * from './assets.js';
export * from './http-market-feed.js';
export * from './market-feed.js';
export * from './simulated-market.js';

/** The feed a configuration asks for: the HTTP feed when MARKET_FEED_URL is set, else the simulated market. */
export function createMarketFeed(options: {
  marketFeedUrl?: string | undefined;
  seed?: string | undefined;
}): MarketFeed {
  if (options.marketFeedUrl) return new HttpMarketFeed(options.marketFeedUrl);
  return new SimulatedMarket(options.seed ? { seed: options.seed } : {});
}
