import type { TMarketFeedInfo } from '@signalroom/shared';
import type { MarketFeedSettings, ModuleLogger } from '@signalroom/shared-node';
import { createMarketFeed, type MarketFeed } from '@signalroom/shared-node/market';

/**
 * The configured market feed as this server process holds it. What the configuration alone says (the
 * feed's id and name, the instruments) is known at once; the feed itself connects on first use (a
 * provider that is down delays the market status, not the server's start) and again after a failed try.
 * In the embedded shape the worker runs on the same feed.
 */
export interface MarketFeedHandle {
  readonly info: TMarketFeedInfo;
  /** The configured instruments, in order. */
  readonly assets: readonly string[];
  feed(): Promise<MarketFeed>;
  close(): Promise<void>;
}

export function createMarketFeedHandle(
  settings: MarketFeedSettings,
  options: { logger: ModuleLogger; now?: () => Date },
): MarketFeedHandle {
  let connecting: Promise<MarketFeed> | null = null;
  return {
    info: { id: settings.id, label: settings.label },
    assets: settings.assets.map((a) => a.asset),
    feed() {
      connecting ??= createMarketFeed(settings, options).catch((error: unknown) => {
        connecting = null;
        throw error;
      });
      return connecting;
    },
    async close() {
      // A connection that failed has nothing to close; its error reached the caller that asked for it.
      const feed = await connecting?.catch(() => null);
      await feed?.close?.();
    },
  };
}
