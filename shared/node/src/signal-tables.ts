import type { AllowancePool, Direction, SignalType, SlotGapReason } from '@signalroom/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * One engine signal per slot (`slot_start` is unique among signals without an author; an analyst's
 * signal carries its publication time there) and a gapless position within the operator's day
 * (`day_key`, `day_sequence` unique together) for the tier daily limits.
 */
export interface SignalsTable {
  id: Generated<string>;
  /**
   * Start of the 5-minute slot the engine's signal belongs to (the unique key that makes a slot yield
   * one engine signal); an analyst's signal holds the moment it was published.
   */
  slot_start: Timestamp;
  /** Calendar day of the slot in the operator's time zone (YYYY-MM-DD). */
  day_key: string;
  day_sequence: number;
  /** The daily allowance it counts against ('model', 'desk', or 'all' together), and its place in that pool's day. */
  allowance_pool: Generated<AllowancePool>;
  /** Null on rows from before the pools: their day sequence stands. */
  allowance_place: number | null;
  asset: string;
  signal_type: SignalType;
  direction: Direction;
  entry_price: number;
  /** Estimated chance (percent) that the primary window closes in the signal's direction. */
  confidence: number;
  status: Generated<'active' | 'expired' | 'closed' | 'hit_tp' | 'hit_sl' | 'void'>;
  outcome: 'profit' | 'loss' | 'breakeven' | null;
  /** Martingale level in play while active (0 = primary window). */
  active_level: Generated<number>;
  /** Level at which it ended with profit or breakeven; null while active or after a loss. */
  resolved_level: number | null;
  exit_price: number | null;
  /** Length of each window (the signal interval when it was issued). */
  window_ms: number;
  /** End of the primary window; martingale level n ends at expires_at + n * window_ms. */
  expires_at: Timestamp;
  stop_loss: number | null;
  take_profit: number | null;
  analysis: string | null;
  /** The feed id its prices came from ('simulated', 'oanda:practice', 'ccxt:binance', 'http'). */
  source: string;
  strategy: string;
  /** Why the signal is void (status 'void'): its closing price could not be had in time. */
  void_reason: string | null;
  /** The slot's start: the time the signal's entry price and windows count from. */
  created_at: Timestamp;
  /** When the signal was really written (the database's clock); later than the slot when issued late. */
  issued_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: Timestamp | null;
  resolved_at: Timestamp | null;
  /** The track record entry that issued it (set in the same transaction); null before the chain existed. */
  record_seq: ColumnType<number | null, number | null | undefined, number | null>;
  record_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The signed checkpoint (note) that covered its issue entry, as every delivered copy carries it. */
  record_checkpoint: ColumnType<string | null, string | null | undefined, string | null>;
  /** The analyst who published it on the desk; null for the engine's signals. */
  author_id: ColumnType<string | null, string | null | undefined, never>;
  /** The analyst's name as published (what "Analyst: <name>" shows); null for the engine's signals. */
  author_name: ColumnType<string | null, string | null | undefined, never>;
  /** The desk form's key: a second submit of the same form finds the first signal. */
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
}

/** A follow-up note appended to a published signal (the signal itself never changes). */
export interface SignalNotesTable {
  id: Generated<string>;
  signal_id: string;
  author_id: string | null;
  author_name: string;
  body: string;
  created_at: Timestamp;
}

/** The offer countdown: a single row holding the deadline an admin set. */
export interface OfferCountdownTable {
  id: number;
  deadline: Timestamp;
  window_minutes: number;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

/** Why a slot yielded no signal (see `SLOT_GAP_REASONS`). */
export interface SignalSlotGapsTable {
  /** The slot's start; a slot has its signal or one gap, never both. */
  slot_start: Timestamp;
  reason: SlotGapReason;
  /** What happened, for operators: the provider's answer, the error, the closing time. */
  detail: string;
  /** Why, as the public slot ledger and the log say it (SlotReasons). */
  public_reason: string;
  /** The log entry that states the slot; null for gaps recorded before slots entered the log. */
  record_seq: number | null;
  recorded_at: Timestamp;
}

/** Tables of the signal engine and the offer countdown (owned by the signal engine work). */
export interface SignalTables {
  signals: SignalsTable;
  signal_slot_gaps: SignalSlotGapsTable;
  signal_notes: SignalNotesTable;
  offer_countdown: OfferCountdownTable;
}

/** A signal as read from the table. */
export type SignalRow = Selectable<SignalsTable>;
