import { z } from 'zod';
import { SIGNAL_ASSETS } from './constants.js';
import { zText } from './request-fields.js';
import { ZSignal } from './signals/signal.js';

/**
 * The gold-only pages: the Gold Room (each signal's full analysis and the engine's calibration per
 * asset) and the Platinum Stream (live prices of one asset). Shapes and messages shared by server and web.
 */

/** The refusal of an asset the feed does not trade, listing those it does (configuration decides them). */
export function chooseAssetMessage(assets: readonly string[]): string {
  return `Choose an asset: ${assets.join(', ')}`;
}

export const GoldMessages = {
  /** With the simulated market's instruments; a real feed's refusal lists its own (chooseAssetMessage). */
  asset: chooseAssetMessage(SIGNAL_ASSETS),
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

/** The asset is checked against the configured instruments by the server (they are not known here). */
export const ZStreamQuery = z.object({ asset: zText({ max: 40, required: GoldMessages.asset }) }).strict();

export const ZStreamPrice = z.object({ asset: z.string(), time: z.number(), price: z.number() });

export const ZStreamHistory = z.object({ asset: z.string(), history: z.array(ZStreamPrice) });
