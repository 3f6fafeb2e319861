import { rateOf } from '../track-record/stats.js';
import type { TJournalFigures, TMean } from './journal.js';

/** One journal entry with what the record says of its signal. */
export interface JournalFact {
  taken: boolean;
  stake: number | null;
  fillPrice: number | null;
  result: number | null;
  direction: 'CALL' | 'PUT';
  /** The signal's logged entry price. */
  entryPrice: number | null;
  /** Whether the record counts the signal as won in its first window; null when it does not count it (yet). */
  recordFirstWindowWon: boolean | null;
}

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/** The mean with its 95% interval (normal approximation), rounded to `digits`. */
export function meanOf(values: readonly number[], digits: number): TMean {
  const n = values.length;
  if (n === 0) return { sample: 0, mean: null, low: null, high: null };
  const round = (v: number) => Math.round(v * 10 ** digits) / 10 ** digits;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  if (n < 2) return { sample: n, mean: round(mean), low: null, high: null };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const half = Z95 * Math.sqrt(variance / n);
  return { sample: n, mean: round(mean), low: round(mean - half), high: round(mean + half) };
}

/**
 * Slippage of a fill against the signal's entry, in basis points of the entry, positive when the fill
 * was worse for the trade (higher for a CALL, lower for a PUT).
 */
export function slippageBp(direction: 'CALL' | 'PUT', entryPrice: number, fillPrice: number): number {
  const worse = direction === 'CALL' ? fillPrice - entryPrice : entryPrice - fillPrice;
  return (worse / entryPrice) * 10_000;
}

/** The member's trades as figures: win rate, EV per unit staked, slippage, and the gap to the record. */
export function journalFigures(facts: readonly JournalFact[]): TJournalFigures {
  const taken = facts.filter((f) => f.taken);
  const settled = taken.filter(
    (f): f is JournalFact & { result: number; stake: number } => f.result !== null && f.stake !== null,
  );
  const won = settled.filter((f) => f.result > 0).length;
  const slips = taken.flatMap((f) =>
    f.fillPrice !== null && f.entryPrice !== null && f.entryPrice > 0
      ? [slippageBp(f.direction, f.entryPrice, f.fillPrice)]
      : [],
  );
  const compared = settled.filter((f) => f.recordFirstWindowWon !== null);
  const yoursWon = compared.filter((f) => f.result > 0).length;
  const recordWon = compared.filter((f) => f.recordFirstWindowWon).length;
  const yours = rateOf(yoursWon, compared.length);
  const record = rateOf(recordWon, compared.length);
  return {
    journaled: facts.length,
    taken: taken.length,
    skipped: facts.length - taken.length,
    settled: settled.length,
    winRate: rateOf(won, settled.length),
    evPerStake: meanOf(
      settled.map((f) => f.result / f.stake),
      3,
    ),
    slippageBp: meanOf(slips, 1),
    versusRecord: {
      yours,
      record,
      gapPoints: compared.length === 0 ? null : Math.round(((yoursWon - recordWon) / compared.length) * 1000) / 10,
    },
  };
}
