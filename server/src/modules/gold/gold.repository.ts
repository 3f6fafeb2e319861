import { CALIBRATION_BAND_POINTS, type TStoredBacktest } from '@signalroom/shared';
import { latestBacktest, listSignals, type SignalRow } from '@signalroom/shared/node';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** How many signals the Gold Room lists with their analysis. */
export const GOLD_SIGNALS = 20;

export function findRecentSignals(db: Db): Promise<SignalRow[]> {
  return listSignals(db, GOLD_SIGNALS, 'desc');
}

/** The backtests table is the worker's (shared repository): the newest stored one. */
export function findLatestBacktest(db: Db): Promise<TStoredBacktest | null> {
  return latestBacktest(db);
}

/** Resolved signals per asset and confidence band, with their first-window wins, in one aggregate. */
export async function findCalibration(db: Db) {
  const { rows } = await sql<{
    asset: string;
    band: number;
    total: string;
    average_confidence: number;
    won_first: string;
  }>`
    select asset,
      -- The track record's bands: 5 points wide, the last one [95, 100] so 100 % has a band.
      least(floor(confidence / ${CALIBRATION_BAND_POINTS}) * ${CALIBRATION_BAND_POINTS}, ${100 - CALIBRATION_BAND_POINTS}) as band,
      count(*) as total,
      avg(confidence) as average_confidence,
      count(*) filter (where outcome = 'profit' and resolved_level = 0) as won_first
    from signals
    where outcome is not null
    group by asset, band
    order by asset, band`.execute(db);
  return rows;
}
