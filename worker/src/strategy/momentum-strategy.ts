import { MOMENTUM_V1 } from '@signalroom/shared';
import type { Candle } from '@signalroom/shared-node/market';
import type { Strategy, StrategyDecision, StrategyInput } from './strategy.js';

/**
 * Candles per signal window, and windows of history the features look at. A feed whose finest candles
 * are coarser than a tenth of the window (1-minute history for 5-minute windows) gives fewer per window,
 * never fewer than MIN_CANDLES_PER_WINDOW: the features are measured in windows, so they keep their meaning.
 */
export const CANDLES_PER_WINDOW = MOMENTUM_V1.candlesPerWindow;
export const HISTORY_WINDOWS = MOMENTUM_V1.historyWindows;
export const MIN_CANDLES_PER_WINDOW = MOMENTUM_V1.minCandlesPerWindow;

/** Price-action features, each measured in units of recent volatility over one window (z-scores). */
export interface MomentumFeatures {
  /** How far the last price stands from the last window's average (short moves tend to fade). */
  stretch: number;
  /** Last window's average against the one before (trends tend to persist). */
  trend: number;
  /** The two windows before against the three before those (the slower trend). */
  drift: number;
  /** Standard deviation of one candle's log return. */
  candleVolatility: number;
}

/** Logistic weights on the features: P(up) = 1 / (1 + e^-(w·z)). */
export interface MomentumWeights {
  stretch: number;
  trend: number;
  drift: number;
}

/** The published weights and calibration knots (shared/src/signals/strategy-rules.ts: the rules page prints them). */
export const DEFAULT_MOMENTUM_WEIGHTS: MomentumWeights = MOMENTUM_V1.weights;
export const DEFAULT_CALIBRATION_KNOTS: ReadonlyArray<readonly [number, number]> = MOMENTUM_V1.calibrationKnots;

/** Maps a raw confidence through calibration knots (identity without knots). */
export function calibrateConfidence(raw: number, knots: ReadonlyArray<readonly [number, number]>): number {
  const first = knots[0];
  const last = knots[knots.length - 1];
  if (!first || !last) return raw;
  if (raw <= first[0]) return first[1];
  if (raw >= last[0]) return last[1];
  for (let i = 1; i < knots.length; i += 1) {
    const [x1, y1] = knots[i] as readonly [number, number];
    const [x0, y0] = knots[i - 1] as readonly [number, number];
    if (raw <= x1) return x1 === x0 ? y1 : y0 + ((y1 - y0) * (raw - x0)) / (x1 - x0);
  }
  return last[1];
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Features of a candle series with `w` candles per window, or null when there is not enough movement to
 * measure.
 */
export function momentumFeatures(candles: readonly Candle[], w: number = CANDLES_PER_WINDOW): MomentumFeatures | null {
  const need = w * HISTORY_WINDOWS;
  if (candles.length < need) return null;
  const logs = candles.slice(-need).map((c) => Math.log(c.close));
  if (logs.some((x) => !Number.isFinite(x))) return null;
  let sumSq = 0;
  for (let i = 1; i < logs.length; i += 1) sumSq += ((logs[i] as number) - (logs[i - 1] as number)) ** 2;
  const candleVolatility = Math.sqrt(sumSq / (logs.length - 1));
  if (!(candleVolatility > 0)) return null;
  const unit = candleVolatility * Math.sqrt(w);
  const n = logs.length;
  const lastWindow = mean(logs.slice(n - w));
  const previousWindow = mean(logs.slice(n - 2 * w, n - w));
  const twoBefore = mean(logs.slice(n - 3 * w, n - w));
  const older = mean(logs.slice(0, n - 3 * w));
  return {
    stretch: ((logs[n - 1] as number) - lastWindow) / unit,
    trend: (lastWindow - previousWindow) / unit,
    drift: (twoBefore - older) / unit,
    candleVolatility,
  };
}

/** P(the next window closes higher) for features and weights. */
export function upProbability(f: MomentumFeatures, weights: MomentumWeights): number {
  const score = weights.stretch * f.stretch + weights.trend * f.trend + weights.drift * f.drift;
  return 1 / (1 + Math.exp(-score));
}

function describeDuration(ms: number): string {
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 1000)} s`;
}

const sigma = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}σ`;
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(3)}%`;

/**
 * The default strategy: trend-following on recent price action. It measures the last window's move and
 * the moves before it against recent volatility and maps them, through weights fitted on history, to
 * the probability that the next window closes higher. Confidence is that probability for the side it
 * picks, so a 60 % signal should win about 60 % of its primary windows (see bench:calibration).
 */
export class MomentumStrategy implements Strategy {
  readonly name = MOMENTUM_V1.name;

  constructor(
    private readonly weights: MomentumWeights = DEFAULT_MOMENTUM_WEIGHTS,
    private readonly knots: ReadonlyArray<readonly [number, number]> = DEFAULT_CALIBRATION_KNOTS,
  ) {}

  lookback(windowMs: number, finestIntervalMs?: number) {
    const perWindow = candlesPerWindow(windowMs, finestIntervalMs);
    return { intervalMs: Math.max(1, Math.round(windowMs / perWindow)), count: perWindow * HISTORY_WINDOWS };
  }

  evaluate(input: StrategyInput): StrategyDecision | null {
    const w = candlesPerWindowOf(input);
    if (w === null) return null;
    const features = momentumFeatures(input.candles, w);
    if (!features) return null;
    const pUp = upProbability(features, this.weights);
    const signalType = pUp >= 0.5 ? 'buy' : 'sell';
    const confidence = Math.round(calibrateConfidence(Math.max(pUp, 1 - pUp) * 100, this.knots) * 10) / 10;
    const closes = input.candles.map((c) => c.close);
    const lastClose = closes[closes.length - 1] as number;
    const windowAgo = closes[closes.length - 1 - w] as number;
    const window = describeDuration(input.windowMs);
    const candle = describeDuration(input.windowMs / w);
    const analysis =
      `${input.asset}: ${pct(lastClose / windowAgo - 1)} over the last ${window}, ` +
      `trend ${sigma(features.trend)}, slower drift ${sigma(features.drift)}, last price ${sigma(features.stretch)} ` +
      `from the window's average (σ = recent volatility, ${(features.candleVolatility * 100).toFixed(3)}% per ${candle}). ` +
      `Model estimate: ${confidence}% chance the next ${window} close ${signalType === 'buy' ? 'higher' : 'lower'}.`;
    return { signalType, confidence, stopLoss: null, takeProfit: null, analysis };
  }
}

/**
 * Candles per window for a window length and the feed's finest candles: ten (a tenth of the window each),
 * or as many whole candles of the finest size as fit, at least MIN_CANDLES_PER_WINDOW. Throws when the
 * finest candles are too coarse for the window (a feed of 5-minute candles cannot judge 5-minute windows).
 */
export function candlesPerWindow(windowMs: number, finestIntervalMs?: number): number {
  if (!finestIntervalMs || finestIntervalMs * CANDLES_PER_WINDOW <= windowMs) return CANDLES_PER_WINDOW;
  for (let n = Math.floor(windowMs / finestIntervalMs); n >= MIN_CANDLES_PER_WINDOW; n -= 1) {
    if (windowMs % n === 0 && (windowMs / n) % finestIntervalMs === 0) return n;
  }
  throw new RangeError(
    `Candles of ${describeDuration(finestIntervalMs)} are too coarse for ${describeDuration(windowMs)} windows: ` +
      `the strategy needs at least ${MIN_CANDLES_PER_WINDOW} candles per window`,
  );
}

/** Candles per window of the series given, from the spacing of its candles; null when it cannot tell. */
function candlesPerWindowOf(input: StrategyInput): number | null {
  const [a, b] = input.candles;
  if (!a || !b) return null;
  const per = Math.round(input.windowMs / (b.time.getTime() - a.time.getTime()));
  return per >= MIN_CANDLES_PER_WINDOW ? per : null;
}
