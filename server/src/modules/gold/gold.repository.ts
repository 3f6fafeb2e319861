import type { TStoredBacktest } from '@signalroom/shared';
import { latestBacktest, listSignals, type SignalRow } from '@signalroom/shared-node';
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
