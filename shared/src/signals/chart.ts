import { z } from 'zod';
import { TIMING } from '../constants.js';
import { zQueryInteger } from '../request-fields.js';
import { martingaleLevels } from './martingale.js';
import type { TSignal } from './signal.js';

/** A signal's chart is drawn in 1-minute candles. */
export const CHART_CANDLE_MS = 60_000;
/** How far back from its end a chart reads by default, and the range a caller may ask for (minutes). */
export const CHART_LOOKBACK = { min: 15, max: 120, default: 60 } as const;
/** Candles read before the entry even when the plan is longer than the lookback, so the entry has a past. */
const LEAD_MS = 5 * CHART_CANDLE_MS;
/**
 * Most candles one chart answer holds: the longest lookback plus the longest plan an analyst can publish
 * (four 1-hour windows) and the lead before the entry.
 */
export const CHART_MAX_CANDLES = CHART_LOOKBACK.max + 4 * 60 + LEAD_MS / CHART_CANDLE_MS;

/** The fields of a signal its chart is drawn from. */
export type ChartSignal = Pick<
  TSignal,
  'createdAt' | 'expiresAt' | 'entryPrice' | 'status' | 'resolvedLevel' | 'exitPrice' | 'activeLevel'
>;

/** One shaded window: the primary trade (level 0) or a martingale level. */
export interface ChartWindow {
  level: number;
  from: Date;
  to: Date;
  label: string;
}

/** What a signal's chart shows besides the candles, and which candles it reads. */
export interface SignalChartPlan {
  windows: ChartWindow[];
  entry: { time: Date; price: number };
  /** The end of the primary window. */
  expiry: Date;
  /** When the chart stops moving: the end of the window the signal was resolved in; null while it is active. */
  frozenAt: Date | null;
  /** The resolution's price and time; null while active and for a void signal (no closing price). */
  exit: { time: Date; price: number } | null;
  /** The candles to read: those that opened in [from, to), whole minutes; `to` is never after `now`. */
  range: { from: Date; to: Date };
}

const floorToCandle = (ms: number) => Math.floor(ms / CHART_CANDLE_MS) * CHART_CANDLE_MS;

/**
 * The chart of a signal at `now`: its primary and martingale windows (the plan the engine judges), the
 * entry, the expiry, and, once resolved, the exit at the end of the window it was resolved in. A
 * resolved signal's chart is frozen there: the candles of the `lookbackMinutes` before it (and always
 * a few before the entry). An active one reads up to the last whole minute before `now`, so a candle
 * still forming (or, on a simulated feed, one not yet reached) is never drawn.
 */
export function signalChartPlan(
  signal: ChartSignal,
  now: Date,
  lookbackMinutes: number = CHART_LOOKBACK.default,
): SignalChartPlan {
  const created = new Date(signal.createdAt);
  const expiry = new Date(signal.expiresAt);
  // An analyst chooses the window (the engine's is the slot): every martingale level lasts as long.
  const levels = martingaleLevels(expiry, { stepMs: expiry.getTime() - created.getTime() });
  const windows = levels.map((l) => ({
    level: l.level,
    from: l.entryTime,
    to: l.expiryTime,
    label: l.level === 0 ? 'Primary window' : `Martingale level ${l.level}`,
  }));
  const frozenAt = signal.status === 'active' ? null : (levels[endLevel(signal)]?.expiryTime ?? null);
  const exit =
    frozenAt && signal.exitPrice !== null && signal.status !== 'void'
      ? { time: frozenAt, price: signal.exitPrice }
      : null;
  const planEnd = levels[levels.length - 1]?.expiryTime ?? expiry;
  const endMs = floorToCandle(Math.min(frozenAt?.getTime() ?? planEnd.getTime(), now.getTime()));
  const fromMs = floorToCandle(Math.min(endMs - lookbackMinutes * CHART_CANDLE_MS, created.getTime() - LEAD_MS));
  return {
    windows,
    entry: { time: created, price: signal.entryPrice },
    expiry,
    frozenAt,
    exit,
    range: { from: new Date(fromMs), to: new Date(endMs) },
  };
}

/** The level a finished signal ended at: where it won or broke even, else where it was when it lost or went void. */
function endLevel(signal: ChartSignal): number {
  if (signal.resolvedLevel !== null) return signal.resolvedLevel;
  if (signal.status === 'expired') return TIMING.martingaleMaxLevel;
  return signal.activeLevel ?? 0;
}

/** Query of GET /api/signals/:id/chart. */
export const ChartQueryMessages = {
  minutes: `minutes must be a whole number from ${CHART_LOOKBACK.min} to ${CHART_LOOKBACK.max}.`,
} as const;

export const ZSignalChartQuery = z
  .object({
    minutes: zQueryInteger(CHART_LOOKBACK.min, CHART_LOOKBACK.max, ChartQueryMessages.minutes).default(
      CHART_LOOKBACK.default,
    ),
  })
  .strict();

/** One 1-minute candle; `time` is when it opened (epoch seconds, as charts count). */
export const ZChartCandle = z.object({
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
export type TChartCandle = z.infer<typeof ZChartCandle>;

/**
 * A signal's chart data. `history` says where the candles came from: `feed` (the feed's own history of
 * the signal's instrument), or `stored` when the feed could not give it (another feed, a provider that
 * failed or has no data there): then `candles` is empty and the chart draws the signal's stored prices.
 */
export const ZSignalChart = z.object({
  signalId: z.string(),
  asset: z.string(),
  /** The feed the signal was issued on ('simulated' is labelled as such wherever it is drawn). */
  source: z.string(),
  history: z.enum(['feed', 'stored']),
  from: z.string(),
  to: z.string(),
  candles: z.array(ZChartCandle).max(CHART_MAX_CANDLES),
});
export type TSignalChart = z.infer<typeof ZSignalChart>;

/**
 * The chart's candles with the minutes still forming built from live prices (`time` in epoch seconds):
 * each price at or after `fromSec` (the answer's end, where the feed's closed candles stop) joins its
 * minute's candle, the first price its open and the last its close. Prices before it are already in the
 * closed candles.
 */
export function withLiveCandles(
  candles: readonly TChartCandle[],
  prices: readonly { time: number; value: number }[],
  fromSec: number,
): TChartCandle[] {
  const minute = CHART_CANDLE_MS / 1000;
  const forming = new Map<number, TChartCandle>();
  for (const { time, value } of prices) {
    if (time < fromSec) continue;
    const start = Math.floor(time / minute) * minute;
    const candle = forming.get(start);
    if (!candle) forming.set(start, { time: start, open: value, high: value, low: value, close: value });
    else {
      candle.high = Math.max(candle.high, value);
      candle.low = Math.min(candle.low, value);
      candle.close = value;
    }
  }
  return [...candles, ...[...forming.values()].sort((a, b) => a.time - b.time)];
}
