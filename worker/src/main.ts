import {
  configOrExit,
  createRedisBus,
  createRedisConnections,
  type Database,
  marketFeedSettings,
  onShutdownSignal,
  runMain,
} from '@signalroom/shared/node';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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
  const pool = new pg.Pool({
    connectionString: config.DATABASE_URL,
    max: config.DB_POOL_MAX,
    statement_timeout: config.DB_STATEMENT_TIMEOUT_MS,
  });
  // An idle client lost its connection (database restart): the pool replaces it; say so once each.
  pool.on('error', (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await waitForSignalTables(db, { logger });
  const redis = createRedisConnections(config.REDIS_URL, { namespace: config.REDIS_NAMESPACE, logger });
  const bus = createRedisBus(redis, { logger });
  const worker = await startSignalWorker({
    db,
    bus,
    logger,
    timeZone: config.TIME_ZONE,
    intervalMs: config.SIGNAL_INTERVAL_MS,
    market: marketFeedSettings(config),
    staleAfterMs: config.MARKET_STALE_AFTER_MS,
    voidAfterMs: config.SIGNAL_VOID_AFTER_MS,
    payoutPercent: config.PAYOUT_PERCENT,
    backtestSlots: config.BACKTEST_SLOTS,
    redis,
    schedulerCheckMs: config.SCHEDULER_CHECK_MS,
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
