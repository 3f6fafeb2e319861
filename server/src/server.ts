import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { QUEUES, queuePrefix } from '@signalroom/shared';
import {
  closeRedis,
  createBullmqTaskQueue,
  createEventPublisher,
  createInProcessTaskQueue,
  createMemoryBus,
  createRedisBus,
  createRedisConnections,
  type EventBus,
  type ModuleLogger,
  marketFeedSettings,
  openRecordLog,
  recordSettingsOf,
  whenRedisReady,
} from '@signalroom/shared-node';
import { Queue } from 'bullmq';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import type { ServerContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startEmbeddedWorker } from './embedded-worker.js';
import type { AnswerObserver } from './http/api-docs.js';
import { createDrain } from './http/drain.js';
import { serializeRequest } from './http/log-redaction.js';
import { storageFullError } from './http/storage-full.js';
import { createMarketFeedHandle } from './modules/market/market-feed.handle.js';
import { defineMemberDataSections } from './modules/member-data-sections.js';
import { configWithBusinessSettings } from './modules/setup/business-settings.service.js';
import { createLiveBrand } from './modules/setup/live-brand.js';
import { defineTaskKinds } from './modules/task-kinds.js';
import { createTrackRecordState } from './modules/track-record/record-state.js';
import { createMemberDataRegistry } from './modules/users/member-data.js';
import { createStorageGuard, MB, refuseFullDisk } from './ops/storage-guard.js';
import { attachRealtime, type Realtime } from './realtime/index.js';
import { runStartupTasks } from './startup.js';
import { createFileStore } from './storage/create-file-store.js';

export interface RunningServer {
  app: FastifyInstance;
  context: ServerContext;
  /** The socket.io side (tests look at rooms through it). */
  realtime: Realtime;
  /** Base URL the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  /** The first-run setup link printed at start, while no admin existed (null once one did). */
  setupUrl: string | null;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Write the log here as JSON lines (tests read it), whatever NODE_ENV says. */
  logStream?: Writable;
  /** The embedded database starts from this PGlite image (see DatabaseOptions.pgliteImage). */
  pgliteImage?: Blob;
  /** Sees every JSON answer of the API as sent (BuildAppOptions.onAnswer). */
  onAnswer?: AnswerObserver;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** pino settings: secrets redacted from request URLs and bodies; pretty lines in development. */
function loggerOptions(config: AppConfig, logStream: Writable | undefined): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test' && !logStream) return false;
  let output: Record<string, unknown> = {};
  if (logStream) output = { stream: logStream };
  else if (!config.isProduction) output = { transport: { target: 'pino-pretty', options: { singleLine: true } } };
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.code'],
    serializers: { req: serializeRequest },
    ...output,
  };
}

/**
 * Starts the whole product for one process: database (migrated), bus, HTTP API, sockets and, in the
 * embedded shape, the signal worker. main.ts calls this; integration tests call it too.
 */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  // The logger exists once the app does; what runs before it (a lost lock, the bus) reports through this.
  let log: FastifyBaseLogger | null = null;
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      await step().catch((error: unknown) => log?.warn({ err: error }, 'clean-up after a failed start failed'));
    }
  };
  try {
    const logVia = (module: string): ModuleLogger => ({
      debug: (details: object, message: string) => log?.debug({ module, ...details }, message),
      warn: (details: object, message: string) => log?.warn({ module, ...details }, message),
      info: (details: object, message: string) => log?.info({ module, ...details }, message),
      error: (details: object, message: string) => log?.error({ module, ...details }, message),
    });
    // The embedded database must never meet a full disk (see ops/storage-guard.ts): refuse to start on one.
    const storageFolders = config.DATABASE_URL || config.DATA_DIR.startsWith('memory://') ? [] : [config.DATA_DIR];
    await refuseFullDisk(storageFolders, config.STORAGE_RESERVE_MB);
    const storage = createStorageGuard({
      folders: storageFolders,
      reserveBytes: config.STORAGE_RESERVE_MB * MB,
      logger: logVia('storage'),
    });
    cleanups.push(async () => storage.close());
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolMax: config.DB_POOL_MAX,
      connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
      queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      logger: logVia('database'),
      pgliteImage: options.pgliteImage,
      beforeWrite: () => {
        if (storage.state() === 'full') throw storageFullError();
      },
      onLockLost: (error) => {
        // Someone removed or took over the data folder's lock: stop before two processes write.
        log?.fatal({ err: error }, 'lost the lock on the data folder; stopping');
        process.kill(process.pid, 'SIGTERM');
      },
    });
    cleanups.push(() => database.close());
    await migrateToLatest(database.db);
    // The payout and business time zone an admin saved replace the environment's for this whole run.
    config = await configWithBusinessSettings(config, database.db, logVia('setup'));
    const brand = createLiveBrand({ config, db: database.db, logger: logVia('setup') });
    cleanups.push(async () => brand.close());

    // The shape is decided here, once: with REDIS_URL (and DATABASE_URL, config.ts checks both) Redis
    // carries the bus, the shared counters and the job queue; without, all of it stays in this process.
    const redis = config.REDIS_URL
      ? createRedisConnections(config.REDIS_URL, { namespace: config.REDIS_NAMESPACE, logger: logVia('redis') })
      : null;
    if (redis) {
      cleanups.push(() => redis.close());
      // Every wait on Redis in a request is bounded (see redis-clients.ts); the start waits a little for it.
      await whenRedisReady(redis.commands, 5000);
    }
    const bus: EventBus = redis ? createRedisBus(redis, { logger: logVia('bus') }) : createMemoryBus();
    cleanups.push(() => bus.close());
    const queueConnection = redis?.open('request', 'signal queue reader') ?? null;
    const signalQueue = queueConnection
      ? new Queue(QUEUES.signals, { connection: queueConnection, prefix: queuePrefix(config.REDIS_NAMESPACE) })
      : null;
    signalQueue?.on('error', (error) => log?.debug({ module: 'queue', err: error }, 'signal queue read failed'));
    const closeQueue = async () => {
      await signalQueue
        ?.close()
        .catch((error: unknown) => log?.warn({ module: 'queue', err: error }, 'signal queue not closed cleanly'));
      if (queueConnection) await closeRedis(queueConnection);
    };
    cleanups.push(closeQueue);

    const tasks = redis
      ? createBullmqTaskQueue({ redis, logger: logVia('tasks') })
      : createInProcessTaskQueue({ logger: logVia('tasks') });
    cleanups.push(() => tasks.close());

    const market = createMarketFeedHandle(marketFeedSettings(config), { logger: logVia('market') });
    cleanups.push(() => market.close());

    const memberData = createMemberDataRegistry();
    defineMemberDataSections(memberData);

    // The track record's log: its key from its own file (refused while it is still in the database, in
    // production), its checkpoints announced on the bus (so a server asks the witnesses), and this
    // process's verified hold on it, which every figure and file of the record is served from.
    const events = createEventPublisher(bus, logVia('events'));
    const recordSettings = recordSettingsOf(config, config.DATABASE_URL ? undefined : config.DATA_DIR);
    const keyring = await openRecordLog(database.db, recordSettings, {
      payoutPercent: config.PAYOUT_PERCENT,
      logger: logVia('track-record'),
      announce: (checkpoint) => void events.recordCheckpoint(checkpoint.id, checkpoint.size),
    });
    const record = createTrackRecordState({
      db: database.db,
      settings: { ...recordSettings, origin: keyring.origin, intervalMs: config.SIGNAL_INTERVAL_MS },
      logger: logVia('track-record'),
      now: () => new Date(),
    });

    const { app, context } = await buildApp({
      context: {
        config,
        db: database.db,
        dbKind: database.kind,
        bus,
        events,
        redis,
        signalQueue,
        tasks,
        market,
        files: createFileStore(config, database.db, logVia('file-store')),
        storage,
        brand,
        memberData,
        record,
        now: () => new Date(),
      },
      logger: loggerOptions(config, options.logStream),
      webDistDir: config.WEB_DIST_DIR ?? defaultWebDist,
      onAnswer: options.onAnswer,
    });
    log = app.log;
    cleanups.push(() => app.close());
    for (const warning of database.warnings) app.log.warn({ module: 'database' }, warning);
    // A quarter of the shutdown budget at most goes to accepting connections already on their way.
    const drain = createDrain(app, { maxAcceptMs: Math.min(2500, config.SHUTDOWN_TIMEOUT_MS / 4) });

    const { setupLink } = await runStartupTasks(context);
    defineTaskKinds(context);
    // Every module has defined its task kinds by now: restore what the database says is pending, then run.
    await tasks.start();
    const realtime = await attachRealtime(app, context);
    cleanups.push(() => realtime.close());
    const worker = config.embeddedWorker ? await startEmbeddedWorker(context) : null;
    if (worker) cleanups.push(() => worker.close());

    const address = await app.listen({ port: config.PORT, host: config.HOST });
    context.listenUrl = address;
    const url = address.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
    app.log.info({ url, database: database.kind, redis: Boolean(redis), worker: Boolean(worker) }, 'Signalroom is up');
    // The one secret this log ever carries, on purpose: whoever can read the server's log is its operator.
    const setupUrl = setupLink
      ? `${config.PUBLIC_URL?.replace(/\/$/, '') ?? url}/setup?token=${setupLink.token}`
      : null;
    if (setupLink && setupUrl) {
      app.log.warn(
        `No admin yet. Create the first one and set up the business at ${setupUrl} ` +
          `(valid until ${setupLink.expiresAt.toISOString()}, SETUP_LINK_TTL_HOURS=${config.SETUP_LINK_TTL_HOURS}; ` +
          'a restart prints a new link)',
      );
    }
    if (!config.SMTP_URL) {
      app.log.warn(
        `SMTP_URL is not set: e-mails (confirmation codes, reset links) are not sent; they stay in the development outbox, ` +
          `readable from this machine only at ${url}/dev/outbox`,
      );
    }

    cleanups.length = 0;
    let closing: Promise<void> | null = null;
    return {
      app,
      context,
      realtime,
      url,
      setupUrl,
      close() {
        closing ??= (async () => {
          // 1. Sockets: refuse new ones and close the open ones' transport, so clients reconnect (to
          //    another process behind the proxy) by themselves. 2. HTTP: stop listening, answer every
          //    request already sent, close connections as they fall idle (drain.ts). The embedded worker
          //    finishes its running jobs meanwhile. 3. Then what those needed: bus, Redis, database.
          const stopping = worker?.close();
          await realtime.close();
          await drain.start();
          await Promise.all([app.close(), stopping]);
          drain.stop();
          record.stop();
          await tasks.close();
          await closeQueue();
          context.files.close?.();
          storage.close();
          brand.close();
          await market.close();
          await bus.close();
          await redis?.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
