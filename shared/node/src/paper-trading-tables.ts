import type { Direction } from '@signalroom/shared';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A gold member's bot: the settings it trades with and whether it runs. One row per member, once saved. */
export interface BotSettingsTable {
  user_id: string;
  risk_level: 'conservative' | 'moderate' | 'aggressive';
  max_trades_per_day: number;
  trade_size: number;
  active: boolean;
  updated_at: Timestamp;
}

/**
 * One paper trade of a member's bot on one signal (unique together). Stake and maxLevel are copied
 * from the settings when it opens, so a later change of settings never rewrites a trade in play.
 */
export interface PaperTradesTable {
  id: Generated<string>;
  user_id: string;
  signal_id: string;
  /** The signal's day in the operator's time zone: what max trades per day counts in. */
  day_key: string;
  asset: string;
  direction: Direction;
  stake: number;
  max_level: number;
  confidence: number;
  opened_at: Timestamp;
  status: Generated<'open' | 'closed'>;
  closed_at: Timestamp | null;
  level: number | null;
  pnl: number | null;
  result: 'WIN' | 'LOSS' | 'EVEN' | null;
}

export interface PaperTradingTables {
  bot_settings: BotSettingsTable;
  paper_trades: PaperTradesTable;
}
