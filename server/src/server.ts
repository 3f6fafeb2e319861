import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createMemoryBus, createRedisBus, type EventBus } from '@signalroom/shared/node';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import type { ServerContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startEmbeddedWorker } from './embedded-worker.js';
import { serializeRequest } from './http/log-redaction.js';
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

export interface StartOptions {
  /** Write the log here as JSON lines (tests read it), whatever NODE_ENV says. */
  logStream?: Writable;
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
    logger: loggerOptions(config, options.logStream),
    webDistDir: config.WEB_DIST_DIR ?? defaultWebDist,
  });

  await runStartupTasks(context);
  const realtime = await attachRealtime(app, context);
  const worker = config.embeddedWorker ? await startEmbeddedWorker(context) : null;

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
  app.log.info({ url, database: database.kind, redis: Boolean(redis), worker: Boolean(worker) }, 'Signalroom is up');
  if (!config.SMTP_URL) {
    app.log.warn(
      `SMTP_URL is not set: e-mails (confirmation codes, reset links) are not sent; they stay in the development outbox, ` +
        `readable from this machine only at ${url}/dev/outbox`,
    );
  }

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
