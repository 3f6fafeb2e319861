import { SIGNAL_ASSETS } from '@signalroom/shared';
import { createEventPublisher, type EventBus, type ModuleLogger } from '@signalroom/shared/node';
import type { MarketFeed } from './market-feed.js';

export interface PriceTicker {
  stop(): void;
}

/**
 * Publishes the feed's latest price of every asset once a second (`price:tick`), which the server relays
 * to the gold members watching the platinum stream. Seven prices a second cost the bus next to nothing,
 * so it runs whether or not anyone watches; with several workers only the lease holder publishes.
 */
export function startPriceTicker(options: {
  feed: MarketFeed;
  bus: EventBus;
  logger: ModuleLogger;
  tickMs?: number;
  now?: () => Date;
  shouldTick?: () => Promise<boolean>;
}): PriceTicker {
  const tickMs = options.tickMs ?? 1000;
  const now = options.now ?? (() => new Date());
  const events = createEventPublisher(options.bus, options.logger);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function tick(): Promise<void> {
    const at = now();
    const prices: Record<string, number> = {};
    await Promise.all(
      SIGNAL_ASSETS.map(async (asset) => {
        prices[asset] = await options.feed.priceAt(asset, at);
      }),
    );
    await events.priceTick(at, prices);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(
      () => {
        void (async () => {
          try {
            if (!options.shouldTick || (await options.shouldTick())) await tick();
          } catch (error) {
            options.logger.warn({ err: error }, 'price tick failed');
          }
          schedule();
        })();
      },
      tickMs - (Date.now() % tickMs) || tickMs,
    );
    timer.unref?.();
  }

  schedule();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
