import type { TBacktestReport } from '@signalroom/shared';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * The backtests the worker runs on its own feed's history, one per period (a UTC day): the Gold Room
 * shows the latest beside the live record.
 */
export interface BacktestsTable {
  id: Generated<string>;
  /** The UTC day it covers up to; unique, so two workers running at once keep one. */
  period_key: string;
  ran_at: Timestamp;
  report: ColumnType<TBacktestReport, string, string>;
}

export interface BacktestTables {
  backtests: BacktestsTable;
}
