import type { SignalType } from '@signalroom/shared';
import type { Candle } from '@signalroom/shared-node/market';

export interface StrategyInput {
  asset: string;
  /** The slot start: the decision may use prices up to this instant and no later. */
  at: Date;
  /** Length of the window the signal is judged on. */
  windowMs: number;
  /** Candles as asked by `lookback`, oldest first, the last one closing at `at`. */
  candles: Candle[];
}

export interface StrategyDecision {
  signalType: SignalType;
  /** Estimated chance, in percent, that the primary window closes in the signal's direction. */
  confidence: number;
  stopLoss: number | null;
  takeProfit: number | null;
  analysis: string;
}

/** Turns recent price action into a direction and a confidence that means what it says. */
export interface Strategy {
  readonly name: string;
  /**
   * Which candles the strategy needs for a window length; `finestIntervalMs`, when the source's candles
   * cannot be finer than that (1-minute history), makes it ask for candles the source can give.
   */
  lookback(windowMs: number, finestIntervalMs?: number): { intervalMs: number; count: number };
  /** A decision, or null when the data cannot support one (flat or missing prices). */
  evaluate(input: StrategyInput): StrategyDecision | null;
}
