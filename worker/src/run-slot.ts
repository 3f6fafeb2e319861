import { nextSignalBoundary } from '@signalroom/shared';
import {
  configOrExit,
  createEventPublisher,
  createMemoryBus,
  createRedisBus,
  type ModuleLogger,
  marketFeedSettings,
  openPostgres,
  openRecordLog,
  parseEnv,
  readSavedRunSettings,
  recordSettingsOf,
  ZSharedEnv,
} from '@signalroom/shared-node';
import { createMarketFeed } from '@signalroom/shared-node/market';
import { z } from 'zod';
import { createSignalEngine } from './engine/signal-engine.js';
import { MomentumStrategy } from './strategy/momentum-strategy.js';

/**
 * Runs one slot by hand against PostgreSQL (and publishes on Redis when REDIS_URL is set), then judges
 * any signal whose windows have ended:
 *   node --conditions=@signalroom/source --import tsx worker/src/run-slot.ts [slot ISO time]
 * Without a time, the slot that started last. Running a slot that already has its signal changes
 * nothing (one signal per slot).
 */
async function main(): Promise<void> {
  // The worker's own settings and checks (a bad TIME_ZONE is refused here, not at the slot); Redis optional.
  const env = configOrExit(() =>
    parseEnv(ZSharedEnv.extend({ DATABASE_URL: z.url() }), process.env, 'Invalid configuration:', {
      wholeShape: false,
    }),
  );
  const arg = process.argv[2];
  const slot = arg
    ? new Date(arg)
    : new Date(nextSignalBoundary(new Date(), env.SIGNAL_INTERVAL_MS).getTime() - env.SIGNAL_INTERVAL_MS);
  if (Number.isNaN(slot.getTime())) throw new Error(`Not a time: ${arg}`);
  const logger: ModuleLogger = {
    info: (o, m) => console.log(m, JSON.stringify(o)),
    warn: console.warn,
    error: console.error,
    debug() {},
  };
  const db = openPostgres({
    url: env.DATABASE_URL,
    poolMax: 2,
    connectionTimeoutMs: env.DB_CONNECTION_TIMEOUT_MS,
    queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    logger,
  });
  const saved = await readSavedRunSettings(db, logger);
  const bus = env.REDIS_URL ? createRedisBus(env.REDIS_URL, { namespace: env.REDIS_NAMESPACE }) : createMemoryBus();
  // A signal written here goes into the log like any other, with its append time: one for a past slot
  // is logged late, and no figure counts it.
  const events = createEventPublisher(bus, logger);
  await openRecordLog(db, recordSettingsOf(env), {
    payoutPercent: saved.payoutPercent ?? env.PAYOUT_PERCENT,
    logger,
    announce: (checkpoint) => void events.recordCheckpoint(checkpoint.id, checkpoint.size),
  });
  const engine = createSignalEngine({
    db,
    bus,
    feed: await createMarketFeed(marketFeedSettings(env)),
    staleAfterMs: env.MARKET_STALE_AFTER_MS,
    voidAfterMs: env.SIGNAL_VOID_AFTER_MS,
    strategy: new MomentumStrategy(),
    timeZone: saved.timeZone ?? env.TIME_ZONE,
    intervalMs: env.SIGNAL_INTERVAL_MS,
    payoutPercent: saved.payoutPercent ?? env.PAYOUT_PERCENT,
    logger,
    deskInAllowance: env.DESK_IN_ALLOWANCE,
  });
  try {
    const signal = await engine.runSlot(slot);
    console.log(signal ? JSON.stringify(signal, null, 2) : `The slot ${slot.toISOString()} already has its signal.`);
    const waiting = await engine.resolveDue();
    console.log(`${waiting.length} signal(s) still active.`);
  } finally {
    await bus.close();
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
