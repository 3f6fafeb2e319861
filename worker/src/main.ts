import { configOrExit, createRedisBus, type Database, onShutdownSignal, runMain } from '@signalroom/shared/node';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { parseWorkerConfig } from './config.js';
import { startSignalWorker, waitForSignalTables } from './signal-worker.js';

/** The standalone worker (distributed shape): `npm run worker`. */
async function main(): Promise<void> {
  const config = configOrExit(parseWorkerConfig);
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'worker' } });
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DB_POOL_MAX });
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await waitForSignalTables(db, { logger });
  const bus = createRedisBus(config.REDIS_URL, { namespace: config.REDIS_NAMESPACE });
  const worker = await startSignalWorker({
    db,
    bus,
    logger,
    timeZone: config.TIME_ZONE,
    intervalMs: config.SIGNAL_INTERVAL_MS,
    marketFeedUrl: config.MARKET_FEED_URL,
    marketSeed: config.MARKET_SEED,
    redisUrl: config.REDIS_URL,
    namespace: config.REDIS_NAMESPACE,
  });
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'worker shutting down');
    await worker.close();
    await bus.close();
    await db.destroy();
  });
}

runMain(main);
