import type { EventBus } from '@signalroom/shared/node';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';

/**
 * What every module gets: configuration and the shared dependencies. Built once by main.ts (or by a
 * test), so tests run the real app against the database and bus they choose.
 */
export interface ServerContext {
  config: AppConfig;
  db: Db;
  dbKind: 'postgres' | 'pglite';
  bus: EventBus;
  /** Present in the distributed shape only. */
  redis: Redis | null;
  logger: FastifyBaseLogger;
  /** The time, injectable so rules about expiry are testable without sleeping. */
  now: () => Date;
  /** The address the HTTP server listens on, set once it listens (the base of e-mail links without PUBLIC_URL). */
  listenUrl?: string;
}
