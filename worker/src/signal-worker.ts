import { randomUUID } from 'node:crypto';
import { DEFAULT_PAYOUT_PERCENT, TIMING } from '@signalroom/shared';
import {
  closeRedis,
  type Database,
  type EventBus,
  ensureCountdown,
  type MarketFeedSettings,
  type ModuleLogger,
  type RedisConnections,
  silentLogger,
} from '@signalroom/shared-node';
import type { MarketFeed } from '@signalroom/shared-node/market';
import { createMarketFeed, SimulatedMarket } from '@signalroom/shared-node/market';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { type BacktestRefresher, startBacktestRefresher } from './backtest/backtest-refresher.js';
import { type CountdownTicker, startCountdownTicker } from './countdown/countdown-ticker.js';
import { createSignalEngine, type SignalEngine } from './engine/signal-engine.js';
import { startBullmqRunner } from './jobs/bullmq-runner.js';
import { type Runner, startInProcessRunner } from './jobs/in-process-runner.js';
import { startSlotGuard } from './jobs/slot-guard.js';
import { createSlotIssuer } from './jobs/slot-issuer.js';
import { type PriceTicker, startPriceTicker } from './market/price-ticker.js';
import { MomentumStrategy } from './strategy/momentum-strategy.js';
import type { Strategy } from './strategy/strategy.js';

export interface SignalWorkerOptions {
  db: Kysely<Database>;
  bus: EventBus;
  logger?: ModuleLogger;
  /** Operator's time zone (day sequence for the tier daily limits). */
  timeZone: string;
  /** Slot and window length; 5 minutes unless a test shortens it. */
  intervalMs?: number;
  /** The configured feed (createMarketFeed builds it), unless `feed` gives one; neither: the simulated market. */
  market?: MarketFeedSettings | undefined;
  /** A last candle older than this before a slot is stale (MARKET_STALE_AFTER_MS). */
  staleAfterMs?: number | undefined;
  /** A window price still missing this long after it closed makes its signal void (SIGNAL_VOID_AFTER_MS). */
  voidAfterMs?: number | undefined;
  /** PAYOUT_PERCENT, for the break-even and expected values of the statistics (default 80). */
  payoutPercent?: number;
  /** BACKTEST_SLOTS: slots of the daily backtest stored for the Gold Room; 0 or absent runs none. */
  backtestSlots?: number;
  /** DESK_SKIPS_ENGINE_SLOT: no engine signal for a slot an analyst already published in. */
  deskSkipsSlot?: boolean;
  /** DESK_IN_ALLOWANCE (see SignalEngineDeps). */
  deskInAllowance?: boolean;
  /**
   * Redis, when the composition root gives it: jobs on BullMQ shared with every worker, one countdown
   * ticker among them. Absent: jobs on in-process timers.
   */
  redis?: RedisConnections | null | undefined;
  /** How often the BullMQ runner checks that its job scheduler still exists (ms). */
  schedulerCheckMs?: number;
  /** Publish countdown ticks (default true). */
  countdown?: boolean;
  countdownTickMs?: number;
  /** How often an unchanged countdown is re-published (COUNTDOWN_SYNC_MS; default TIMING.countdownSyncMs). */
  countdownSyncMs?: number;
  /** Publish the feed's prices every second for the platinum stream (default true). */
  prices?: boolean;
  feed?: MarketFeed;
  strategy?: Strategy;
  now?: () => Date;
}

export interface RunningSignalWorker {
  engine: SignalEngine;
  shape: 'bullmq' | 'in-process';
  /** The BullMQ queue in the distributed shape. */
  queue: Queue | null;
  feed: MarketFeed;
  /** The daily backtest, when BACKTEST_SLOTS asks for one. */
  backtests: BacktestRefresher | null;
  close(): Promise<void>;
}

/**
 * Starts the signal worker: the engine, its scheduler (BullMQ with Redis, timers without) and the
 * countdown ticker. The standalone worker (main.ts) and the server's embedded worker both call this.
 */
export async function startSignalWorker(options: SignalWorkerOptions): Promise<RunningSignalWorker> {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const ownFeed = !options.feed;
  const feed: MarketFeed =
    options.feed ??
    (options.market ? await createMarketFeed(options.market, { logger, now }) : new SimulatedMarket({ now }));
  const strategy = options.strategy ?? new MomentumStrategy();
  const intervalMs = options.intervalMs ?? TIMING.signalIntervalMs;
  const payoutPercent = options.payoutPercent ?? DEFAULT_PAYOUT_PERCENT;
  const engine = createSignalEngine({
    db: options.db,
    bus: options.bus,
    feed,
    strategy,
    timeZone: options.timeZone,
    intervalMs,
    payoutPercent,
    logger,
    now,
    ...(options.staleAfterMs ? { staleAfterMs: options.staleAfterMs } : {}),
    ...(options.voidAfterMs ? { voidAfterMs: options.voidAfterMs } : {}),
    deskSkipsSlot: options.deskSkipsSlot ?? false,
    deskInAllowance: options.deskInAllowance ?? false,
  });
  await ensureCountdown(options.db, now());
  const issuer = createSlotIssuer(engine, { db: options.db, bus: options.bus, logger, now });

  let runner: Runner;
  let queue: Queue | null = null;
  let lease: Redis | null = null;
  const redis = options.redis ?? null;
  if (redis) {
    const bull = await startBullmqRunner(engine, {
      redis,
      issuer,
      logger,
      ...(options.schedulerCheckMs ? { schedulerCheckMs: options.schedulerCheckMs } : {}),
    });
    runner = bull;
    queue = bull.queue;
    lease = redis.open('request', 'countdown lease');
  } else {
    runner = await startInProcessRunner(engine, { issuer, logger, now });
  }

  const guard = startSlotGuard({
    db: options.db,
    issuer,
    intervalMs,
    logger,
    now,
    everyBoundary: Boolean(redis),
    onIssued: (signal) => runner.watch(signal.id, new Date(signal.expiresAt)),
  });

  // One ticking worker at a time: the lease holder renews it; another takes over when it lapses.
  const me = randomUUID();
  const leaseGate = (name: string, tickMs: number) => {
    if (!lease || !redis) return undefined;
    const leaseKey = redis.key(name);
    return async () => {
      const client = lease as Redis;
      if ((await client.set(leaseKey, me, 'PX', tickMs * 3, 'NX')) === 'OK') return true;
      if ((await client.get(leaseKey)) !== me) return false;
      await client.pexpire(leaseKey, tickMs * 3);
      return true;
    };
  };

  let ticker: CountdownTicker | null = null;
  if (options.countdown !== false) {
    const tickMs = options.countdownTickMs ?? 1000;
    ticker = startCountdownTicker({
      db: options.db,
      bus: options.bus,
      logger,
      tickMs,
      ...(options.countdownSyncMs ? { syncMs: options.countdownSyncMs } : {}),
      now,
      shouldTick: leaseGate('countdown-ticker', tickMs),
    });
  }
  let prices: PriceTicker | null = null;
  if (options.prices !== false) {
    prices = startPriceTicker({ feed, bus: options.bus, logger, now, shouldTick: leaseGate('price-ticker', 1000) });
  }

  const backtests = options.backtestSlots
    ? startBacktestRefresher({
        db: options.db,
        feed,
        strategy,
        intervalMs,
        payoutPercent,
        slots: options.backtestSlots,
        logger,
        now,
      })
    : null;

  // A signal an analyst published on the desk is written by the server; its windows are judged here,
  // as the engine's are, from the moment it is announced (the slot sweep catches one announced while
  // no worker listened), and the paper-trading bots take it here too.
  const stopWatching = options.bus.subscribe((event) => {
    if (event.type === 'signal:new' && event.signal.issuedBy?.kind === 'analyst' && event.signal.status === 'active') {
      runner.watch(event.signal.id, new Date(event.signal.expiresAt));
      void engine.followPublished(event.signal);
    }
  });

  const shape = redis ? 'bullmq' : 'in-process';
  logger.info({ shape, feed: feed.id }, 'signal worker started');
  return {
    engine,
    shape,
    queue,
    feed,
    backtests,
    async close() {
      stopWatching();
      ticker?.stop();
      prices?.stop();
      await backtests?.close();
      await guard.close();
      await runner.close();
      if (lease) await closeRedis(lease);
      // A feed given by the caller (the server's, in the embedded shape) is the caller's to close.
      if (ownFeed) await feed.close?.();
    },
  };
}

/** Waits until the server's migrations have created the worker's tables (the server owns the schema). */
export async function waitForSignalTables(
  db: Kysely<Database>,
  options: { logger?: ModuleLogger; intervalMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const started = Date.now();
  let warned = false;
  for (;;) {
    try {
      // The newest migration's table too: a worker must not sign checkpoints before their table exists.
      // And the slot ledger's column: a gap must be written with its public reason.
      const { rows } = await sql<{
        signals: string | null;
        countdown: string | null;
        notes: string | null;
        ledger: boolean;
      }>`
        select to_regclass('signals')::text as signals, to_regclass('offer_countdown')::text as countdown,
          to_regclass('track_record_notes')::text as notes,
          exists (select 1 from information_schema.columns
            where table_name = 'signal_slot_gaps' and column_name = 'public_reason') as ledger`.execute(db);
      if (rows[0]?.signals && rows[0]?.countdown && rows[0]?.notes && rows[0]?.ledger) return;
    } catch {
      // Database not reachable yet: same wait.
    }
    if (options.timeoutMs !== undefined && Date.now() - started > options.timeoutMs) {
      throw new Error('Timed out waiting for the signal tables; has the server run its migrations?');
    }
    if (!warned) options.logger?.info({}, 'waiting for the server to create the signal tables');
    warned = true;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
  }
}
