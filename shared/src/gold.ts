import { z } from 'zod';
import { SIGNAL_ASSETS } from './constants.js';
import { ZSignal } from './signals.js';

/**
 * The gold-only pages: the Gold Room (each signal's full analysis and the engine's calibration per
 * asset) and the Platinum Stream (live prices of one asset). Shapes and messages shared by server and web.
 */

export const GoldMessages = {
  asset: `Choose an asset: ${SIGNAL_ASSETS.join(', ')}`,
  signals: 'Signal analyses loaded',
  noSignals: 'No signal has been issued yet',
  calibration: 'Calibration loaded',
  noCalibration: 'No signal has resolved yet',
  backtest: 'Backtest loaded',
  noBacktest: 'No backtest has run yet',
  stream: 'Stream prices loaded',
  streamRefused: 'The Platinum Stream is for Gold members',
} as const;

export const ZGoldSignal = z.object({
  signal: ZSignal,
  strategy: z.string(),
  /** The martingale plan judged for this signal: each level's window. */
  plan: z.array(z.object({ level: z.number().int(), entryTime: z.string(), expiryTime: z.string() })),
});
export type TGoldSignal = z.infer<typeof ZGoldSignal>;

/** One row of the calibration table: resolved signals of an asset whose confidence fell in a band. */
export const ZCalibrationRow = z.object({
  asset: z.string(),
  bandFrom: z.number(),
  bandTo: z.number(),
  total: z.number().int(),
  averageConfidence: z.number(),
  wonFirstWindow: z.number().int(),
  /** Percent of these signals that won in their first window: what the confidence claims to predict. */
  firstWindowRate: z.number(),
});
export type TCalibrationRow = z.infer<typeof ZCalibrationRow>;

export const ZStreamQuery = z.object({ asset: z.enum(SIGNAL_ASSETS, { error: GoldMessages.asset }) }).strict();

export const ZStreamPrice = z.object({ asset: z.string(), time: z.number(), price: z.number() });

export const ZStreamHistory = z.object({ asset: z.string(), history: z.array(ZStreamPrice) });
