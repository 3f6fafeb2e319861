import { createEventPublisher, type EventBus, type ModuleLogger } from '@signalroom/shared-node';
import type { MarketFeed } from '@signalroom/shared-node/market';

export interface PriceTicker {
  stop(): void;
}

/**
 * Publishes the feed's latest price of every traded instrument once a second (`price:tick`), which the
 * server relays to the gold members watching the platinum stream. A few prices a second cost the bus next
 * to nothing, so it runs whether or not anyone watches; with several workers only the lease holder
 * publishes. An instrument whose price fails this second is left out of the tick, not guessed.
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
    const failed: string[] = [];
    await Promise.all(
      options.feed.instruments().map(async ({ asset }) => {
        try {
          prices[asset] = (await options.feed.latestPrice(asset)).price;
        } catch (error) {
          failed.push(asset);
          options.logger.debug({ asset, err: error }, 'no price for this tick');
        }
      }),
    );
    if (failed.length) options.logger.warn({ failed }, 'price tick without some instruments');
    if (Object.keys(prices).length) await events.priceTick(at, prices);
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
