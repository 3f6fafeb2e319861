import { marketFeedLabel, SIGNAL_ASSETS, SIMULATED_FEED_ID } from '@signalroom/shared';
import { assetSpec, roundPrice } from './assets.js';
import type { Candle, CandleQuery, Instrument, InstrumentState, MarketFeed, Quote } from './market-feed.js';

/** Scales of the price noise, in seconds: 1 s up to 2^20 s (about 12 days). */
const SCALES = Array.from({ length: 21 }, (_, j) => 2 ** j);
/**
 * Hurst exponent of the simulation. 0.5 would be a pure random walk, where no strategy can beat a coin
 * at any horizon; at 0.6 consecutive moves are mildly correlated (about +0.15), a trending market in
 * which a momentum strategy has a modest, measurable edge. Real markets may offer less: the confidence
 * calibration holds for this simulation and must be re-measured on a real feed.
 */
export const SIMULATED_HURST = 0.6;
/** Variance of a move over h seconds is about LAYER_VARIANCE_FACTOR * k^2 * h^(2H) for layer weights k * L^H. */
const LAYER_VARIANCE_FACTOR =
  2 * (1 / (1 - 2 ** (-2 * SIMULATED_HURST)) + 2 ** (2 * SIMULATED_HURST - 2) / (1 - 2 ** (2 * SIMULATED_HURST - 2)));
const LAYER_WEIGHTS = SCALES.map((scale) => scale ** SIMULATED_HURST);
/** k for a one-day move of standard deviation 1 (times the asset's daily volatility). */
const DAILY_UNIT = 1 / Math.sqrt(LAYER_VARIANCE_FACTOR * 86_400 ** (2 * SIMULATED_HURST));
const TWO_POW_32 = 2 ** 32;

/** 32-bit finaliser of MurmurHash3: a well-mixed, platform-independent integer hash. */
function fmix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function hashCombine(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) h = fmix32((h ^ fmix32(p >>> 0)) + 0x7f4a7c15);
  return h;
}

/** The seed text as a 32-bit number. */
export function seedHash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

/**
 * A reproducible market: the price of an asset at any instant is a pure function of (seed, asset,
 * time), so every worker process computes the same prices without sharing state and a replay gives the
 * same outcomes. The log price is a sum of value-noise layers, one per time scale (1 s to 12 days), each
 * interpolating between Gaussian points and weighted by its scale to the power SIMULATED_HURST, scaled
 * so a one-day move has the asset's usual daily volatility.
 */
export class SimulatedMarket implements MarketFeed {
  readonly id = SIMULATED_FEED_ID;
  readonly label = marketFeedLabel(SIMULATED_FEED_ID);
  private readonly seed: number;
  private readonly now: () => Date;
  private readonly traded: Instrument[];

  /** `assets`: the configured subset of the simulated list (all of it by default). */
  constructor(options: { seed?: string; now?: () => Date; assets?: readonly string[] } = {}) {
    this.seed = seedHash(options.seed ?? 'signalroom');
    this.now = options.now ?? (() => new Date());
    this.traded = (options.assets ?? SIGNAL_ASSETS).map((asset) => {
      const spec = assetSpec(asset);
      return { asset, symbol: asset, decimals: spec.decimals };
    });
  }

  instruments(): readonly Instrument[] {
    return this.traded;
  }

  /** The simulation trades around the clock ("OTC"): always open. */
  async instrumentState(): Promise<InstrumentState> {
    return { open: true };
  }

  async latestPrice(asset: string): Promise<Quote> {
    const time = this.now();
    return { price: await this.priceAt(asset, time), time };
  }

  /** Exact (unrounded) price at an epoch millisecond. */
  rawPrice(asset: string, epochMs: number): number {
    const spec = assetSpec(asset);
    const assetIndex = (SIGNAL_ASSETS as readonly string[]).indexOf(asset);
    const amplitude = spec.dailyVolatility * DAILY_UNIT;
    const t = epochMs / 1000;
    let logDeviation = 0;
    for (let j = 0; j < SCALES.length; j += 1) {
      const scale = SCALES[j] as number;
      const position = t / scale;
      const k = Math.floor(position);
      const frac = position - k;
      const g0 = this.gaussian(assetIndex, j, k);
      const g1 = this.gaussian(assetIndex, j, k + 1);
      logDeviation += amplitude * (LAYER_WEIGHTS[j] as number) * (g0 + (g1 - g0) * frac);
    }
    return spec.basePrice * Math.exp(logDeviation);
  }

  async priceAt(asset: string, at?: Date): Promise<number> {
    return roundPrice(asset, this.rawPrice(asset, (at ?? this.now()).getTime()));
  }

  async candles(asset: string, query: CandleQuery): Promise<Candle[]> {
    return this.candlesSync(asset, query);
  }

  /** Candles without the promise, for the calibration bench. High and low from five samples each. */
  candlesSync(asset: string, query: CandleQuery): Candle[] {
    const out: Candle[] = [];
    const endMs = query.end.getTime();
    for (let i = query.count - 1; i >= 0; i -= 1) {
      const start = endMs - (i + 1) * query.intervalMs;
      const samples = [0, 0.25, 0.5, 0.75, 1].map((f) => this.rawPrice(asset, start + f * query.intervalMs));
      out.push({
        time: new Date(start),
        open: roundPrice(asset, samples[0] as number),
        high: roundPrice(asset, Math.max(...samples)),
        low: roundPrice(asset, Math.min(...samples)),
        close: roundPrice(asset, samples[4] as number),
      });
    }
    return out;
  }

  private gaussian(assetIndex: number, scaleIndex: number, k: number): number {
    const lo = k >>> 0;
    const hi = Math.floor(k / TWO_POW_32) >>> 0;
    const h1 = hashCombine(this.seed, assetIndex, scaleIndex, lo, hi);
    const h2 = fmix32(h1 ^ 0x68e31da4);
    const u1 = (h1 + 1) / (TWO_POW_32 + 1);
    const u2 = h2 / TWO_POW_32;
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
}
