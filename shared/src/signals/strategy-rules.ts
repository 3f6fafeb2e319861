/**
 * The published parameters of the engine's default strategy, momentum-v1: the worker's strategy computes
 * with these and the public rules page (/strategy) prints them, so the page can never describe another
 * model than the one that runs. How they are used is in worker/src/strategy/momentum-strategy.ts.
 */
export const MOMENTUM_V1 = {
  name: 'momentum-v1',
  /** Candles per signal window (a tenth of the window each), and windows of history read. */
  candlesPerWindow: 10,
  historyWindows: 6,
  /** With a feed whose finest candles are coarser, fewer per window, never fewer than this. */
  minCandlesPerWindow: 3,
  /**
   * Logistic weights on the three features: P(up) = 1 / (1 + e^-(w·z)). Fitted by
   * `npm run bench:calibration -- --fit --slots 60000` (logistic regression on simulated history, seed
   * "calibration-fit"); the bench checks them on other seeds, per confidence band.
   */
  weights: { stretch: 0.3379, trend: 0.0831, drift: 0.052 },
  /**
   * Second stage (isotonic calibration): raw confidence → the first-window win rate the engine's issued
   * signals (the strongest of seven markets) realised on the fitting seed, as [raw, calibrated] knots,
   * interpolated linearly and held flat beyond the ends. Fitted by `bench:calibration -- --fit`.
   */
  calibrationKnots: [
    [55.8, 57.1],
    [57.4, 58.4],
    [58.6, 58.8],
    [60, 59.4],
    [61, 60.3],
    [61.6, 62.4],
    [63, 63.3],
    [64.6, 63.9],
    [66, 64.1],
    [68.7, 64.2],
  ] as ReadonlyArray<readonly [number, number]>,
} as const;
