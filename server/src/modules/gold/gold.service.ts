import {
  CALIBRATION_BAND_POINTS,
  chooseAssetMessage,
  martingaleLevels,
  type TCalibrationRow,
  type TGoldSignal,
  type TStoredBacktest,
} from '@signalroom/shared';
import { countByConfidenceBand, presentSignal } from '@signalroom/shared-node';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
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

/** The calibration table: does a signal of N % confidence win its first window about N % of the time? */
export async function calibrationTable(ctx: ServerContext): Promise<TCalibrationRow[]> {
  const rows = await countByConfidenceBand(ctx.db);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return rows.map((row) => {
    const total = Number(row.total);
    const won = Number(row.won_first);
    const from = Number(row.band);
    return {
      asset: row.asset,
      bandFrom: from,
      bandTo: from + CALIBRATION_BAND_POINTS,
      total,
      averageConfidence: round1(Number(row.average_confidence)),
      wonFirstWindow: won,
      firstWindowRate: round1((won / total) * 100),
    };
  });
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
