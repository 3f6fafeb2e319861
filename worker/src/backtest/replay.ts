import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SignalType } from '@signalroom/shared';
import { judgeWindow, martingaleLevels, resolveAfterWindow } from '@signalroom/shared';
import { type Candidate, pickStrongest } from '../strategy/select.js';
import type { Strategy } from '../strategy/strategy.js';
import type { CandleHistory } from './candle-history.js';

/** One signal of a replay, judged as the engine judges it. */
export interface ReplayedSignal {
  slot: number;
  asset: string;
  signalType: SignalType;
  confidence: number;
  outcome: 'profit' | 'loss' | 'breakeven';
  /** The level it ended at: where it won or broke even, or the last level played on a loss. */
  endLevel: number;
  /** What its first window did (a win at L1 lost the first window). */
  firstWindow: 'won' | 'lost' | 'breakeven';
}

export interface ReplayInput {
  /** Per instrument, its candles (the command replays one; the server the engine's whole list, as it picks). */
  histories: ReadonlyMap<string, CandleHistory>;
  strategy: Strategy;
  /** Slot length, also each window's (the engine's SIGNAL_INTERVAL_MS). */
  windowMs: number;
  /** Slots from `from` (rounded up to a slot boundary) to before `to`. */
  from: number;
  to: number;
}

export interface ReplayResult {
  signals: ReplayedSignal[];
  slots: number;
  skipped: { noData: number; noDecision: number; unresolved: number };
  /** The candles the strategy read: their length. */
  candleIntervalMs: number;
}

/**
 * Replays the strategy slot by slot, as the engine runs it: at each slot boundary every instrument's
 * candles up to that instant (never after: CandleHistory reads only closed candles) go to the strategy,
 * the strongest call is the slot's signal, entered at the slot's price; then its first window and
 * martingale levels are judged with the shared rules (judgeWindow, resolveAfterWindow) on the prices at
 * each level's entry and expiry. A slot whose windows end past the history is left out, not guessed.
 */
export function replay(input: ReplayInput): ReplayResult {
  const steps = replaySlots(input);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * The same replay, handing the event loop back every `slotsPerTurn` slots (a server's run keeps
 * answering), and stopping there once `signal` is aborted (the process is shutting down).
 */
export async function replayYielding(
  input: ReplayInput,
  signal?: AbortSignal,
  slotsPerTurn = 200,
): Promise<ReplayResult> {
  const steps = replaySlots(input);
  for (let i = 1; ; i += 1) {
    const step = steps.next();
    if (step.done) return step.value;
    if (i % slotsPerTurn === 0) {
      await nextTurn();
      signal?.throwIfAborted();
    }
  }
}

function* replaySlots(input: ReplayInput): Generator<void, ReplayResult> {
  const { windowMs, strategy } = input;
  const finest = Math.max(...[...input.histories.values()].map((h) => h.intervalMs));
  const lookback = strategy.lookback(windowMs, finest);
  // A price may be one strategy candle old: a quiet minute is no gap.
  const maxAge = lookback.intervalMs;
  const signals: ReplayedSignal[] = [];
  const skipped = { noData: 0, noDecision: 0, unresolved: 0 };
  let slots = 0;
  for (let slot = Math.ceil(input.from / windowMs) * windowMs; slot < input.to; slot += windowMs) {
    slots += 1;
    yield;
    const candidates: Candidate[] = [];
    let withData = 0;
    for (const [asset, history] of input.histories) {
      const candles = history.candlesEnding(slot, lookback.intervalMs, lookback.count);
      if (!candles) continue;
      withData += 1;
      const decision = strategy.evaluate({ asset, at: new Date(slot), windowMs, candles });
      if (decision) candidates.push({ asset, decision });
    }
    const best = pickStrongest(candidates);
    if (!best) {
      if (withData === 0) skipped.noData += 1;
      else skipped.noDecision += 1;
      continue;
    }
    const history = input.histories.get(best.asset) as CandleHistory;
    const judged = judgeSignal(history, best, slot, windowMs, maxAge);
    if (judged === 'no-data') skipped.noData += 1;
    else if (judged === 'unresolved') skipped.unresolved += 1;
    else signals.push(judged);
  }
  return { signals, slots, skipped, candleIntervalMs: lookback.intervalMs };
}

function judgeSignal(
  history: CandleHistory,
  { asset, decision }: Candidate,
  slot: number,
  windowMs: number,
  maxAge: number,
): ReplayedSignal | 'no-data' | 'unresolved' {
  const entryPrice = history.priceAt(slot, maxAge);
  if (entryPrice === null) return 'no-data';
  const end = history.span()?.to ?? 0;
  let firstWindow: ReplayedSignal['firstWindow'] | null = null;
  for (const level of martingaleLevels(new Date(slot + windowMs), { stepMs: windowMs })) {
    const entryAt = level.entryTime.getTime();
    const expiryAt = level.expiryTime.getTime();
    if (expiryAt > end) return 'unresolved';
    const entry = level.level === 0 ? entryPrice : history.priceAt(entryAt, maxAge);
    const exit = history.priceAt(expiryAt, maxAge);
    if (entry === null || exit === null) return 'unresolved';
    const withStops = decision.stopLoss !== null || decision.takeProfit !== null;
    const result = judgeWindow({
      signalType: decision.signalType,
      entryPrice: entry,
      exitPrice: exit,
      ...(withStops ? (history.range(entryAt, expiryAt) ?? {}) : {}),
      stopLoss: decision.stopLoss,
      takeProfit: decision.takeProfit,
    });
    firstWindow ??=
      result.kind === 'won' || result.kind === 'take_profit'
        ? 'won'
        : result.kind === 'breakeven'
          ? 'breakeven'
          : 'lost';
    const next = resolveAfterWindow(level.level, result);
    if (next.final) {
      return {
        slot,
        asset,
        signalType: decision.signalType,
        confidence: decision.confidence,
        outcome: next.outcome,
        endLevel: next.resolvedLevel ?? level.level,
        firstWindow,
      };
    }
  }
  return 'unresolved';
}
