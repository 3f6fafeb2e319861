import {
  CHART_CANDLE_MS,
  CHART_MAX_CANDLES,
  isPrimaryWindowClosed,
  signalChartPlan,
  signalTierOf,
  signalViewFor,
  type TChartCandle,
  type TSignal,
  type TSignalChart,
  type TUser,
} from '@signalroom/shared';
import { findSignal, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { isUuid } from '../../http/parse.js';
import { requireSignalAccessMode, tierDailyLimits } from './signals.service.js';

/** Answers kept per process: a room full of members watching one signal asks the provider once a minute. */
const CACHE_SIZE = 200;
const caches = new WeakMap<ServerContext, Map<string, Promise<TChartCandle[] | null>>>();

/**
 * A signal's chart for a member who may see that signal in full, as the signal room shows it: a live
 * tier within its daily allowance (a locked teaser's chart would give the signal away), a trial member
 * once the primary window has closed. Anyone else gets 403, as for the list. The candles come from the
 * feed the signal was issued on; when that feed cannot give them (another feed now, a provider that
 * fails or has nothing there), the answer says so and the chart draws the signal's stored prices.
 */
export async function signalChart(ctx: ServerContext, user: TUser, id: string, minutes: number): Promise<TSignalChart> {
  const mode = requireSignalAccessMode(ctx, user);
  const row = isUuid(id) ? await findSignal(ctx.db, id) : undefined;
  if (!row) throw AppError.notFound('Signal not found');
  const signal = presentSignal(row);
  const now = ctx.now();
  const tier = signalTierOf(user);
  const visible =
    mode === 'delayed'
      ? isPrimaryWindowClosed(signal, now)
      : tier !== null && !signalViewFor(signal, tier, tierDailyLimits(ctx)).locked;
  if (!visible) throw AppError.forbidden();

  const { range } = signalChartPlan(signal, now, minutes);
  const candles = await cachedCandles(ctx, signal, range);
  return {
    signalId: signal.id,
    asset: signal.asset,
    source: signal.source,
    history: candles && candles.length > 0 ? 'feed' : 'stored',
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    candles: candles ?? [],
  };
}

function cachedCandles(
  ctx: ServerContext,
  signal: TSignal,
  range: { from: Date; to: Date },
): Promise<TChartCandle[] | null> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  const key = `${signal.id}|${range.from.getTime()}|${range.to.getTime()}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const read = readCandles(ctx, signal, range);
  cache.set(key, read);
  // A failure is not kept: the next reader asks the provider again.
  void read.then((candles) => {
    if (candles === null) cache.delete(key);
  });
  // The oldest answer goes first (a Map keeps insertion order).
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return read;
}

/** The feed's 1-minute candles over the range, or null when the feed cannot give them. */
async function readCandles(
  ctx: ServerContext,
  signal: TSignal,
  range: { from: Date; to: Date },
): Promise<TChartCandle[] | null> {
  // Another feed's prices are not this signal's: its chart draws what the signal stored instead.
  if (signal.source !== ctx.market.info.id || !ctx.market.assets.includes(signal.asset)) return null;
  const count = Math.min(CHART_MAX_CANDLES, Math.round((range.to.getTime() - range.from.getTime()) / CHART_CANDLE_MS));
  if (count <= 0) return [];
  try {
    const feed = await ctx.market.feed();
    const candles = await feed.candles(signal.asset, { end: range.to, intervalMs: CHART_CANDLE_MS, count });
    return candles
      .filter((c) => c.time.getTime() >= range.from.getTime() && c.time.getTime() < range.to.getTime())
      .map((c) => ({ time: c.time.getTime() / 1000, open: c.open, high: c.high, low: c.low, close: c.close }));
  } catch (error) {
    ctx.logger.warn({ signalId: signal.id, asset: signal.asset, err: error }, 'chart history unavailable');
    return null;
  }
}
