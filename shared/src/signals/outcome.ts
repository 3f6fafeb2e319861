import { TIMING } from '../constants.js';
import type { SignalType } from './direction.js';
import type { SIGNAL_OUTCOMES, SIGNAL_STATUSES } from './signal.js';

export type SignalOutcome = (typeof SIGNAL_OUTCOMES)[number];
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

/** What one martingale window (primary or level 1-3) produced. */
export interface WindowInput {
  signalType: SignalType;
  /** Price when the window opened. */
  entryPrice: number;
  /** Price when the window closed. */
  exitPrice: number;
  /** Highest and lowest price seen inside the window (only needed with stop loss / take profit). */
  high?: number;
  low?: number;
  stopLoss?: number | null;
  takeProfit?: number | null;
}

export type WindowResult =
  | { kind: 'take_profit'; exitPrice: number }
  | { kind: 'stop_loss'; exitPrice: number }
  | { kind: 'won'; exitPrice: number }
  | { kind: 'lost'; exitPrice: number }
  | { kind: 'breakeven'; exitPrice: number };

/**
 * Judges one window. A buy (CALL) wins when the window closes above its entry, a sell (PUT) when below;
 * equal is breakeven. A stop loss or take profit touched inside the window ends it at that level; when
 * both were touched inside one window we cannot know the order from high/low alone, so the stop loss
 * counts (the member-safe reading: never claim a win we cannot prove).
 */
export function judgeWindow(input: WindowInput): WindowResult {
  const { signalType, entryPrice, exitPrice } = input;
  const high = input.high ?? Math.max(entryPrice, exitPrice);
  const low = input.low ?? Math.min(entryPrice, exitPrice);
  const sl = input.stopLoss ?? null;
  const tp = input.takeProfit ?? null;
  const slHit = sl !== null && (signalType === 'buy' ? low <= sl : high >= sl);
  const tpHit = tp !== null && (signalType === 'buy' ? high >= tp : low <= tp);
  if (slHit && sl !== null) return { kind: 'stop_loss', exitPrice: sl };
  if (tpHit && tp !== null) return { kind: 'take_profit', exitPrice: tp };
  if (exitPrice === entryPrice) return { kind: 'breakeven', exitPrice };
  const up = exitPrice > entryPrice;
  return { kind: up === (signalType === 'buy') ? 'won' : 'lost', exitPrice };
}

/** The state a signal moves to after a window was judged. */
export type Resolution =
  | { final: false; nextLevel: number }
  | {
      final: true;
      status: Exclude<SignalStatus, 'active' | 'void'>;
      outcome: SignalOutcome;
      /** Level at which the signal ended with profit or breakeven; null for a loss. */
      resolvedLevel: number | null;
      exitPrice: number;
    };

/**
 * Status transitions (the product names the statuses; these rules are ours):
 * - a window won or broke even: `closed` with outcome profit / breakeven at that level;
 * - take profit touched: `hit_tp`, profit; stop loss touched: `hit_sl`, loss (a stop ends the plan);
 * - a lost window moves to the next martingale level; after level 3 lost, `expired` with outcome loss.
 */
export function resolveAfterWindow(
  level: number,
  result: WindowResult,
  maxLevel: number = TIMING.martingaleMaxLevel,
): Resolution {
  switch (result.kind) {
    case 'take_profit':
      return { final: true, status: 'hit_tp', outcome: 'profit', resolvedLevel: level, exitPrice: result.exitPrice };
    case 'stop_loss':
      return { final: true, status: 'hit_sl', outcome: 'loss', resolvedLevel: null, exitPrice: result.exitPrice };
    case 'won':
      return { final: true, status: 'closed', outcome: 'profit', resolvedLevel: level, exitPrice: result.exitPrice };
    case 'breakeven':
      return { final: true, status: 'closed', outcome: 'breakeven', resolvedLevel: level, exitPrice: result.exitPrice };
    case 'lost':
      if (level < maxLevel) return { final: false, nextLevel: level + 1 };
      return { final: true, status: 'expired', outcome: 'loss', resolvedLevel: null, exitPrice: result.exitPrice };
  }
}
