import {
  dayKeyInZone,
  judgeWindow,
  martingaleLevels,
  resolveAfterWindow,
  SlotReasons,
  type TSignal,
} from '@signalroom/shared';
import type { ModuleLogger } from '@signalroom/shared-node';
import {
  advanceSignalLevel,
  analystPublishedBefore,
  createEventPublisher,
  type Database,
  type EventBus,
  findSignal,
  finishSignal,
  insertSignalForSlot,
  listActiveSignals,
  presentSignal,
  recordIssuedSignal,
  recordSignalOutcome,
  recordSlotGap,
  type SignalRow,
  signFreshCheckpoint,
  voidSignal,
} from '@signalroom/shared-node';
import { type MarketFeed, MarketFeedError } from '@signalroom/shared-node/market';
import type { Kysely } from 'kysely';
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
  /** PAYOUT_PERCENT: the statistics it publishes state the break-even and expected values at it. */
  payoutPercent: number;
  logger: ModuleLogger;
  now?: () => Date;
  /** A last candle older than this before the slot is stale: that asset has no data for the slot. */
  staleAfterMs?: number;
  /** A window whose prices are still not to be had this long after it closed makes its signal void. */
  voidAfterMs?: number;
  /**
   * DESK_SKIPS_ENGINE_SLOT: a slot whose interval already has an analyst's signal gets none from the
   * engine (recorded as 'analyst_published').
   */
  deskSkipsSlot?: boolean;
  /** DESK_IN_ALLOWANCE: the model's signals count in one daily allowance with the desk's ('all'), not their own. */
  deskInAllowance?: boolean;
}

/** Defaults of MARKET_STALE_AFTER_MS and SIGNAL_VOID_AFTER_MS. */
const DEFAULT_STALE_AFTER_MS = 120_000;
const DEFAULT_VOID_AFTER_MS = 3_600_000;
/** How soon a resolution whose price was missing tries again. */
const PRICE_RETRY_MS = 30_000;

export type ResolveResult =
  | { state: 'resolved'; signal: TSignal }
  /** Still active: the window in play ends at `nextAt`; call again then. */
  | { state: 'waiting'; nextAt: Date }
  /** Unknown or already resolved (by this or another worker): nothing to do. */
  | { state: 'noop' };

export interface SignalEngine {
  readonly intervalMs: number;
  /**
   * Generates the signal of the slot starting at `slotStart`; null if the slot already has one, or when
   * the market was closed or without data (the slot's gap is recorded then).
   */
  runSlot(slotStart: Date): Promise<TSignal | null>;
  /** Judges every window of a signal that has ended by now, writing and publishing what changed. */
  resolveSignal(id: string): Promise<ResolveResult>;
  /**
   * A signal written outside the engine (an analyst's, on the desk) was announced: the paper-trading
   * bots open their trades on it as on the engine's (a second call opens nothing more).
   */
  followPublished(signal: TSignal): Promise<void>;
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
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const voidAfterMs = deps.voidAfterMs ?? DEFAULT_VOID_AFTER_MS;

  const events = createEventPublisher(deps.bus, logger);
  const paperTrading = createPaperTrading({ db, bus: deps.bus, logger, now, payoutPercent: deps.payoutPercent });

  /** What each instrument offered for the slot: a decision, or why it has none. */
  type Reading =
    | { asset: string; kind: 'closed'; reason: string }
    | { asset: string; kind: 'no_data'; reason: string }
    | { asset: string; kind: 'ok'; candidate: Candidate | null };

  async function readInstrument(asset: string, slotStart: Date): Promise<Reading> {
    try {
      const state = await feed.instrumentState(asset, slotStart);
      if (!state.open) return { asset, kind: 'closed', reason: state.reason };
      const lookback = strategy.lookback(deps.intervalMs);
      const candles = await feed.candles(asset, { end: slotStart, ...lookback });
      const last = candles.at(-1);
      const age = last ? slotStart.getTime() - (last.time.getTime() + lookback.intervalMs) : Number.POSITIVE_INFINITY;
      if (age > staleAfterMs) {
        const since = last ? `since ${new Date(last.time.getTime() + lookback.intervalMs).toISOString()}` : 'at all';
        return { asset, kind: 'no_data', reason: `no candle ${since}` };
      }
      const decision = strategy.evaluate({ asset, at: slotStart, windowMs: deps.intervalMs, candles });
      return { asset, kind: 'ok', candidate: decision ? { asset, decision } : null };
    } catch (error) {
      if (!(error instanceof MarketFeedError)) throw error;
      return { asset, kind: 'no_data', reason: error.message };
    }
  }

  /** Records why a slot has no signal (once per slot, never beside its signal) and logs it. */
  async function recordGap(slotStart: Date, reason: 'market_closed' | 'no_data', readings: Reading[]): Promise<null> {
    const detail = readings.map((r) => `${r.asset}: ${'reason' in r ? r.reason : 'no setup'}`).join('; ');
    const publicReason = reason === 'market_closed' ? SlotReasons.marketClosed : SlotReasons.feedFailed;
    const recorded = await recordSlotGap(db, { slotStart, reason, detail, publicReason, at: now() });
    if (recorded) logger.warn({ slot: slotStart.toISOString(), reason, detail }, 'slot without a signal');
    return null;
  }

  /** The analyst's signal standing in for this slot's, when the operator lets one (see deskSkipsSlot). */
  async function skipForDesk(slotStart: Date): Promise<boolean> {
    if (!deps.deskSkipsSlot) return false;
    const desk = await analystPublishedBefore(db, slotStart, deps.intervalMs);
    if (!desk) return false;
    const detail = `analyst ${desk.author_name} published ${desk.asset} ${desk.direction} at ${new Date(desk.created_at).toISOString()} (signal ${desk.id}); the engine's signal is skipped`;
    const recorded = await recordSlotGap(db, {
      slotStart,
      reason: 'analyst_published',
      detail,
      publicReason: SlotReasons.deskStoodIn,
      at: now(),
    });
    if (recorded) logger.info({ slot: slotStart.toISOString(), signalId: desk.id }, 'slot left to an analyst');
    return true;
  }

  async function runSlot(slotStart: Date): Promise<TSignal | null> {
    if (await skipForDesk(slotStart)) return null;
    const readings = await Promise.all(feed.instruments().map(({ asset }) => readInstrument(asset, slotStart)));
    // The market is closed when every instrument is: no signal, and the slot says why.
    if (readings.every((r) => r.kind === 'closed')) return recordGap(slotStart, 'market_closed', readings);
    for (const r of readings)
      if (r.kind === 'no_data') logger.warn({ asset: r.asset, reason: r.reason }, 'no market data');
    const best = pickStrongest(readings.flatMap((r) => (r.kind === 'ok' && r.candidate ? [r.candidate] : [])));
    if (!best) return recordGap(slotStart, 'no_data', readings);
    let entryPrice: number;
    try {
      entryPrice = await feed.priceAt(best.asset, slotStart);
    } catch (error) {
      if (!(error instanceof MarketFeedError)) throw error;
      return recordGap(slotStart, 'no_data', [{ asset: best.asset, kind: 'no_data', reason: error.message }]);
    }
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
          source: feed.id,
          strategy: strategy.name,
          allowancePool: deps.deskInAllowance ? 'all' : 'model',
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

      let prices: Awaited<ReturnType<typeof windowPrices>>;
      try {
        prices = await windowPrices(row, level, window);
      } catch (error) {
        if (!(error instanceof MarketFeedError)) throw error;
        // The price will come (a provider back up) or never will (the market closed inside the window):
        // wait for it, and past the bound end the signal void rather than judge it on a guess.
        if (at.getTime() - window.expiryTime.getTime() < voidAfterMs) {
          logger.warn({ id, level, err: error }, 'window price not to be had yet; resolving later');
          return { state: 'waiting', nextAt: new Date(at.getTime() + Math.min(PRICE_RETRY_MS, deps.intervalMs)) };
        }
        return endVoid(
          id,
          level,
          `no ${row.asset} price for the window ending ${window.expiryTime.toISOString()}: ${error.message}`,
        );
      }
      const result = judgeWindow({
        signalType: row.signal_type,
        ...prices,
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
      return { state: 'resolved', signal };
    }
  }

  /** The prices a window is judged on, all from the feed; throws MarketFeedError while one is missing. */
  async function windowPrices(row: SignalRow, level: number, window: { entryTime: Date; expiryTime: Date }) {
    const entryPrice = level === 0 ? row.entry_price : await feed.priceAt(row.asset, window.entryTime);
    const exitPrice = await feed.priceAt(row.asset, window.expiryTime);
    if (row.stop_loss === null && row.take_profit === null) return { entryPrice, exitPrice };
    const candles = await feed.candles(row.asset, {
      end: window.expiryTime,
      intervalMs: Math.max(1, Math.round(row.window_ms / 10)),
      count: 10,
    });
    if (candles.length === 0) throw new MarketFeedError(`no ${row.asset} candles inside the window`);
    return {
      entryPrice,
      exitPrice,
      high: Math.max(...candles.map((c) => c.high)),
      low: Math.min(...candles.map((c) => c.low)),
    };
  }

  /** Ends a signal void (no outcome, never a win or a loss), once, and tells the rooms. */
  async function endVoid(id: string, level: number, reason: string): Promise<ResolveResult> {
    // The void end goes into the track record with its outcome entry, so the record closes the signal.
    const at = now();
    const row = await recordSignalOutcome(db, (trx) => voidSignal(trx, id, level, reason, at), at);
    if (!row) return { state: 'noop' };
    const signal = presentSignal(row);
    logger.warn({ id, asset: signal.asset, reason }, 'signal void');
    await events.signalUpdate(signal);
    await paperTrading.onResolved(signal);
    return { state: 'resolved', signal };
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

  return {
    intervalMs: deps.intervalMs,
    runSlot,
    resolveSignal,
    followPublished: (signal) => paperTrading.onIssued(signal),
    resolveDue,
    attestSlot,
  };
}
