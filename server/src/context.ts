import type { EventBus, EventPublisher, RedisConnections, TaskQueue } from '@signalroom/shared-node';
import type { Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import type { MemberDataRegistry } from './db/member-data.js';
import type { MarketFeedHandle } from './modules/market/market-feed.handle.js';
import type { LiveBrand } from './modules/setup/live-brand.types.js';
import type { TrackRecordState } from './modules/track-record/record-state.js';
import type { StorageGuard } from './ops/storage-guard.js';
import type { FileStore } from './storage/file-store.js';

/**
 * What every module gets: configuration and the capabilities of this deployment. The shape (embedded
 * or distributed) is decided once, in the composition root (server.ts, or a test), which fills these
 * in; modules use what they are given and never ask which shape they run in.
 */
export interface ServerContext {
  config: AppConfig;
  db: Db;
  /** Which database engine answers (reported by /api/health, nothing else branches on it). */
  dbKind: 'postgres' | 'pglite';
  /** Where events go to every server process: Redis pub/sub or in-process. */
  bus: EventBus;
  /** Typed, logged publishing of every event this process sends (over `bus`). */
  events: EventPublisher;
  /**
   * Redis, when the deployment shares state through it: counters shared by every process (rate limits,
   * slow-downs), the socket.io adapter. Null: those stay in this process's memory.
   */
  redis: RedisConnections | null;
  /** The signal job queue, when jobs run on BullMQ: /api/health, metrics and the queue board read it. */
  signalQueue: Queue | null;
  /**
   * Work that runs later or is retried (expiries, reminders, deliveries): BullMQ shared by every server
   * process with Redis, timers in this process without. Modules define their kinds when they register.
   */
  tasks: TaskQueue;
  /** The configured market feed (prices, instruments, market hours), connected on first use. */
  market: MarketFeedHandle;
  /** Where uploaded files are kept. */
  files: FileStore;
  /** The business's name and contacts as saved now, for e-mails (see modules/setup/live-brand.ts). */
  brand: LiveBrand;
  /** Whether the disk has room for writes (see ops/storage-guard.ts). */
  storage: StorageGuard;
  /**
   * What each module stores about a member, for the export and the erasure of member data. Modules
   * define their sections once per process, as they define their task kinds.
   */
  memberData: MemberDataRegistry;
  /**
   * This process's verified hold on the track record's log (entries, checkpoints, witnesses): every
   * published figure, tile and proof is served from it, never from the editable signals table.
   */
  record: TrackRecordState;
  logger: FastifyBaseLogger;
  /** The time, injectable so rules about expiry are testable without sleeping. */
  now: () => Date;
  /**
   * Distinct members with a live socket on any server process (through the socket adapter, shared in
   * Redis in the distributed shape); set once realtime is attached. The network page and the admin
   * overview both show it.
   */
  presence?: { onlineMembers(): Promise<number> };
  /** The address the HTTP server listens on, set once it listens (the base of e-mail links without PUBLIC_URL). */
  listenUrl?: string;
}
