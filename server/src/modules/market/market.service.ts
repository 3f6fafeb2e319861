import { marketStatusOf, type TInstrumentState, type TMarketStatus } from '@signalroom/shared';
import type { ServerContext } from '../../context.js';

/** The market status is shared this long: a room full of members asks the provider once. */
const STATUS_TTL_MS = 5_000;

const cache = new WeakMap<ServerContext, { at: number; status: Promise<TMarketStatus> }>();

/**
 * Whether the market the engine trades is open now and, when it is not, when the next signal can come:
 * each configured instrument's state from the feed (market hours and the provider's word). An instrument
 * whose state cannot be read counts as open with the reason given, so a failing provider never shows as
 * a closed market (the slot's own record says "no data" then).
 */
export function marketStatus(ctx: ServerContext): Promise<TMarketStatus> {
  const cached = cache.get(ctx);
  const now = ctx.now();
  if (cached && now.getTime() - cached.at < STATUS_TTL_MS) return cached.status;
  const status = readStatus(ctx, now);
  cache.set(ctx, { at: now.getTime(), status });
  // A failed read is not kept: the next caller reads again (this caller still gets the rejection).
  status.catch(() => cache.delete(ctx));
  return status;
}

async function readStatus(ctx: ServerContext, now: Date): Promise<TMarketStatus> {
  const instruments = await Promise.all(
    ctx.market.assets.map(async (asset): Promise<TInstrumentState> => {
      try {
        const state = await (await ctx.market.feed()).instrumentState(asset, now);
        if (state.open) return { asset, open: true, nextOpenAt: null, reason: null };
        return { asset, open: false, nextOpenAt: state.nextOpenAt?.toISOString() ?? null, reason: state.reason };
      } catch (error) {
        ctx.logger.warn({ asset, err: error }, 'market state unreadable');
        return { asset, open: true, nextOpenAt: null, reason: `state unknown: ${(error as Error).message}` };
      }
    }),
  );
  return marketStatusOf(ctx.market.info, instruments, ctx.config.SIGNAL_INTERVAL_MS);
}
