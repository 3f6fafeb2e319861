import { fileURLToPath } from 'node:url';
import { createMemoryBus, createRedisBus, type EventBus } from '@signalroom/shared/node';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import type { ServerContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startEmbeddedWorker } from './embedded-worker.js';
import { attachRealtime, type Realtime } from './realtime/index.js';
import { runStartupTasks } from './startup.js';

export interface RunningServer {
  app: FastifyInstance;
  context: ServerContext;
  /** The socket.io side (tests look at rooms through it). */
  realtime: Realtime;
  /** Base URL the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Starts the whole product for one process: database (migrated), bus, HTTP API, sockets and, in the
 * embedded shape, the signal worker. main.ts calls this; integration tests call it too.
 */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DB_POOL_MAX,
    connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
  });
  await migrateToLatest(database.db);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  redis?.on('error', () => {});
  const bus: EventBus = config.REDIS_URL
    ? createRedisBus(config.REDIS_URL, { namespace: config.REDIS_NAMESPACE })
    : createMemoryBus();

  const { app, context } = await buildApp({
    context: { config, db: database.db, dbKind: database.kind, bus, redis, now: () => new Date() },
    logger:
      config.NODE_ENV === 'test'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', '*.password', '*.token', '*.code'],
            ...(config.isProduction ? {} : { transport: { target: 'pino-pretty', options: { singleLine: true } } }),
          },
    webDistDir: config.WEB_DIST_DIR ?? defaultWebDist,
  });

  await runStartupTasks(context);
  const realtime = await attachRealtime(app, context);
  const worker = config.embeddedWorker ? await startEmbeddedWorker(context) : null;

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  context.listenUrl = address;
  const url = address.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
  app.log.info({ url, database: database.kind, redis: Boolean(redis), worker: Boolean(worker) }, 'Signalroom is up');

  let closed = false;
  return {
    app,
    context,
    realtime,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await worker?.close();
      await realtime.close();
      await app.close();
      await bus.close();
      await redis?.quit().catch(() => {});
      await database.close();
    },
  };
}
