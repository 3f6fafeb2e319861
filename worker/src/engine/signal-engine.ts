import {
  dayKeyInZone,
  judgeWindow,
  martingaleLevels,
  resolveAfterWindow,
  SIGNAL_ASSETS,
  type TSignal,
} from '@signalroom/shared';
import type { ModuleLogger } from '@signalroom/shared/node';
import {
  advanceSignalLevel,
  createEventPublisher,
  type Database,
  type EventBus,
  findSignal,
  finishSignal,
  insertSignalForSlot,
  listActiveSignals,
  loadPerformanceStats,
  presentSignal,
  recordIssuedSignal,
  recordSignalOutcome,
  signFreshCheckpoint,
} from '@signalroom/shared/node';
import type { Kysely } from 'kysely';
import type { MarketFeed } from '../market/market-feed.js';
import { createPaperTrading } from '../paper-trading/paper-trading.js';
import { type Candidate, pickStrongest } from '../strategy/select.js';
import type { Strategy } from '../strategy/strategy.js';

export interface SignalEngineDeps {
  db: Kysely<Database>;
  bus: EventBus;
  feed: MarketFeed;
  strategy: Strategy;
  /** Operator's time zone: the day a signal counts in for the tier daily limits. */
  timeZone: string;
  /** Slot length, which is also each window's length (5 minutes in production). */
  intervalMs: number;
  logger: ModuleLogger;
  now?: () => Date;
}

export type ResolveResult =
  | { state: 'resolved'; signal: TSignal }
  /** Still active: the window in play ends at `nextAt`; call again then. */
  | { state: 'waiting'; nextAt: Date }
  /** Unknown or already resolved (by this or another worker): nothing to do. */
  | { state: 'noop' };

export interface SignalEngine {
  readonly intervalMs: number;
  /** Generates the signal of the slot starting at `slotStart`; null if the slot already has one. */
  runSlot(slotStart: Date): Promise<TSignal | null>;
  /** Judges every window of a signal that has ended by now, writing and publishing what changed. */
  resolveSignal(id: string): Promise<ResolveResult>;
  /** Resolves every active signal that is due; returns those still waiting with their next time. */
  resolveDue(): Promise<{ id: string; nextAt: Date }[]>;
  /**
   * Signs a track record checkpoint unless one was signed within the last half slot: run at every
   * boundary, whatever the slot yielded, so the record says it is alive at least once a slot.
   */
  attestSlot(): Promise<void>;
}

/**
 * The signal engine: one signal per slot (the strongest setup among the assets), then its primary
 * window and martingale levels judged on the same feed as each ends. Every write is conditional
 * (insert on conflict do nothing, updates guarded by status and level), so running the same step twice,
 * in one process or two, changes nothing the second time and publishes nothing twice.
 */
export function createSignalEngine(deps: SignalEngineDeps): SignalEngine {
  const now = deps.now ?? (() => new Date());
  const { db, feed, strategy, logger } = deps;

  const events = createEventPublisher(deps.bus, logger);
  const paperTrading = createPaperTrading({ db, bus: deps.bus, logger, now });

  async function publishStats(): Promise<void> {
    await events.statsUpdate(await loadPerformanceStats(db));
  }

  async function runSlot(slotStart: Date): Promise<TSignal | null> {
    const lookback = strategy.lookback(deps.intervalMs);
    const candidates: Candidate[] = [];
    for (const asset of SIGNAL_ASSETS) {
      try {
        const candles = await feed.candles(asset, { end: slotStart, ...lookback });
        const decision = strategy.evaluate({ asset, at: slotStart, windowMs: deps.intervalMs, candles });
        if (decision) candidates.push({ asset, decision });
      } catch (error) {
        logger.warn({ asset, err: error }, 'market data unavailable for an asset; skipped this slot');
      }
    }
    const best = pickStrongest(candidates);
    if (!best) throw new Error(`No asset could be evaluated for the slot at ${slotStart.toISOString()}`);
    const entryPrice = await feed.priceAt(best.asset, slotStart);
    // The insert, its track-record entry and the checkpoint covering it are one transaction (the chain
    // lock serialises them): the checkpoint is public before anyone is sent the signal.
    const row = await recordIssuedSignal(
      db,
      (trx) =>
        insertSignalForSlot(trx, {
          slotStart,
          dayKey: dayKeyInZone(slotStart, deps.timeZone),
          asset: best.asset,
          signalType: best.decision.signalType,
          entryPrice,
          confidence: best.decision.confidence,
          windowMs: deps.intervalMs,
          expiresAt: new Date(slotStart.getTime() + deps.intervalMs),
          stopLoss: best.decision.stopLoss,
          takeProfit: best.decision.takeProfit,
          analysis: best.decision.analysis,
          source: feed.source,
          strategy: strategy.name,
        }),
      now(),
    );
    if (!row) {
      logger.debug({ slot: slotStart.toISOString() }, 'slot already has its signal');
      return null;
    }
    const signal = presentSignal(row);
    logger.info(
      {
        slot: slotStart.toISOString(),
        asset: signal.asset,
        direction: signal.direction,
        confidence: signal.confidence,
      },
      'signal issued',
    );
    await events.signalNew(signal);
    await paperTrading.onIssued(signal);
    return signal;
  }

  async function resolveSignal(id: string): Promise<ResolveResult> {
    // Loop: a signal found long overdue (worker was down) is judged window after window at once.
    for (;;) {
      const row = await findSignal(db, id);
      if (row?.status !== 'active') return { state: 'noop' };
      const level = row.active_level;
      const window = martingaleLevels(new Date(row.expires_at), { stepMs: row.window_ms })[level];
      if (!window) return { state: 'noop' };
      const at = now();
      if (at.getTime() < window.expiryTime.getTime()) return { state: 'waiting', nextAt: window.expiryTime };

      const entryPrice = level === 0 ? row.entry_price : await feed.priceAt(row.asset, window.entryTime);
      const exitPrice = await feed.priceAt(row.asset, window.expiryTime);
      let range: { high?: number; low?: number } = {};
      if (row.stop_loss !== null || row.take_profit !== null) {
        const candles = await feed.candles(row.asset, {
          end: window.expiryTime,
          intervalMs: Math.max(1, Math.round(row.window_ms / 10)),
          count: 10,
        });
        range = { high: Math.max(...candles.map((c) => c.high)), low: Math.min(...candles.map((c) => c.low)) };
      }
      const result = judgeWindow({
        signalType: row.signal_type,
        entryPrice,
        exitPrice,
        ...range,
        stopLoss: row.stop_loss,
        takeProfit: row.take_profit,
      });
      const next = resolveAfterWindow(level, result);
      if (!next.final) {
        const advanced = await advanceSignalLevel(db, id, level, at);
        if (advanced) await events.signalUpdate(presentSignal(advanced));
        continue;
      }
      const finished = await recordSignalOutcome(db, (trx) => finishSignal(trx, id, level, next, at), at);
      if (!finished) return { state: 'noop' };
      const signal = presentSignal(finished);
      logger.info(
        { id, asset: signal.asset, status: signal.status, outcome: signal.outcome, martingaleLevel: level },
        'signal resolved',
      );
      await events.signalUpdate(signal);
      await paperTrading.onResolved(signal);
      await publishStats();
      return { state: 'resolved', signal };
    }
  }

  async function resolveDue(): Promise<{ id: string; nextAt: Date }[]> {
    const waiting: { id: string; nextAt: Date }[] = [];
    for (const { id } of await listActiveSignals(db)) {
      try {
        const result = await resolveSignal(id);
        if (result.state === 'waiting') waiting.push({ id, nextAt: result.nextAt });
      } catch (error) {
        logger.error({ id, err: error }, 'could not resolve a signal; will retry');
      }
    }
    return waiting;
  }

  async function attestSlot(): Promise<void> {
    if (await signFreshCheckpoint(db, now(), deps.intervalMs / 2)) logger.debug({}, 'track record checkpoint signed');
  }

  return { intervalMs: deps.intervalMs, runSlot, resolveSignal, resolveDue, attestSlot };
}
