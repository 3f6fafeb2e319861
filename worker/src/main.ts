import {
  configOrExit,
  createEventPublisher,
  createRedisBus,
  createRedisConnections,
  marketFeedSettings,
  onShutdownSignal,
  openPostgres,
  openRecordLog,
  readSavedRunSettings,
  recordSettingsOf,
  runMain,
} from '@signalroom/shared-node';
import { pino } from 'pino';
import { parseWorkerConfig } from './config.js';
import { startSignalWorker, waitForSignalTables } from './signal-worker.js';

/**
 * The standalone worker (distributed shape): `npm run worker`. Its composition root: PostgreSQL,
 * Redis connections, the Redis bus and BullMQ jobs are chosen here and handed to the worker.
 */
async function main(): Promise<void> {
  const config = configOrExit(parseWorkerConfig);
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'worker' } });
  const db = openPostgres({
    url: config.DATABASE_URL,
    poolMax: config.DB_POOL_MAX,
    connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    logger: logger.child({ module: 'database' }),
  });
  await waitForSignalTables(db, { logger });
  // An admin's saved payout and time zone replace the environment's, as they do for the server at its start.
  const saved = await readSavedRunSettings(db, logger);
  const redis = createRedisConnections(config.REDIS_URL, { namespace: config.REDIS_NAMESPACE, logger });
  const bus = createRedisBus(redis, { logger });
  const payoutPercent = saved.payoutPercent ?? config.PAYOUT_PERCENT;
  // The log's key from its own file (never the database); each checkpoint signed is announced, and the
  // servers ask the witnesses to cosign it.
  const events = createEventPublisher(bus, logger.child({ module: 'events' }));
  await openRecordLog(db, recordSettingsOf(config), {
    payoutPercent,
    logger: logger.child({ module: 'track-record' }),
    announce: (checkpoint) => void events.recordCheckpoint(checkpoint.id, checkpoint.size),
  });
  const worker = await startSignalWorker({
    db,
    bus,
    logger,
    timeZone: saved.timeZone ?? config.TIME_ZONE,
    intervalMs: config.SIGNAL_INTERVAL_MS,
    market: marketFeedSettings(config),
    staleAfterMs: config.MARKET_STALE_AFTER_MS,
    voidAfterMs: config.SIGNAL_VOID_AFTER_MS,
    deskSkipsSlot: config.DESK_SKIPS_ENGINE_SLOT,
    deskInAllowance: config.DESK_IN_ALLOWANCE,
    payoutPercent,
    backtestSlots: config.BACKTEST_SLOTS,
    redis,
    schedulerCheckMs: config.SCHEDULER_CHECK_MS,
    countdownSyncMs: config.COUNTDOWN_SYNC_MS,
  });
  // SIGTERM: take no new jobs, let the running ones finish (BullMQ's close waits for them), then close.
  onShutdownSignal(
    async ({ signal }) => {
      logger.info({ signal }, 'worker shutting down: finishing running jobs');
      await worker.close();
      await bus.close();
      await redis.close();
      await db.destroy();
      logger.info({ signal }, 'worker shut down');
    },
    { timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger: { error: (message) => logger.error(message) } },
  );
}

runMain(main);
