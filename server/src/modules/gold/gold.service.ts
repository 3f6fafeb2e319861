import {
  CALIBRATION_BAND_POINTS,
  chooseAssetMessage,
  martingaleLevels,
  type TCalibrationRow,
  type TGoldSignal,
  type TStoredBacktest,
} from '@signalroom/shared';
import { presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { calibrationRows, countedRecord } from '../track-record/record-figures.js';
import { refreshRecord } from '../track-record/track-record.service.js';
import { findLatestBacktest, findRecentSignals } from './gold.repository.js';
import { streamPricesFor } from './stream-prices.js';

/** The newest signals as the engine issued them, each with its whole analysis and martingale plan. */
export async function listGoldSignals(ctx: ServerContext): Promise<TGoldSignal[]> {
  const rows = await findRecentSignals(ctx.db);
  return rows.map((row) => ({
    signal: presentSignal(row),
    strategy: row.strategy,
    plan: martingaleLevels(new Date(row.expires_at), { stepMs: row.window_ms }).map((l) => ({
      level: l.level,
      entryTime: l.entryTime.toISOString(),
      expiryTime: l.expiryTime.toISOString(),
    })),
  }));
}

/**
 * The calibration table: does a signal of N % confidence win its first window about N % of the time?
 * From the track record's counted signals; empty while figures are withheld.
 */
export async function calibrationTable(ctx: ServerContext): Promise<TCalibrationRow[]> {
  if ((await refreshRecord(ctx)).withheld) return [];
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return calibrationRows(countedRecord(ctx.record, ctx.now(), ctx.config.PAYOUT_PERCENT)).map((row) => ({
    asset: row.asset,
    bandFrom: row.band,
    bandTo: row.band + CALIBRATION_BAND_POINTS,
    total: row.total,
    averageConfidence: round1(row.sum / row.total),
    wonFirstWindow: row.wonFirst,
    firstWindowRate: round1((row.wonFirst / row.total) * 100),
  }));
}

/** The recent prices of a traded asset; 400 with the list of traded ones for any other. */
export function streamHistory(ctx: ServerContext, asset: string) {
  if (!ctx.market.assets.includes(asset)) {
    const message = chooseAssetMessage(ctx.market.assets);
    throw AppError.validation(message, { asset: message });
  }
  return { asset, history: streamPricesFor(ctx).history(asset) };
}

/** The worker's latest backtest of the strategy on its feed's history, or null before the first. */
export function lastBacktest(ctx: Pick<ServerContext, 'db'>): Promise<TStoredBacktest | null> {
  return findLatestBacktest(ctx.db);
}
