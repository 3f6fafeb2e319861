import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type ModuleLogger, StartupError } from '@signalroom/shared-node';
import type { FastifyInstance } from 'fastify';
import { storageFullError } from '../http/storage-full.js';

/**
 * Keeps the product off a full disk. The embedded database must never meet a failed write: PGlite that
 * hits ENOSPC on its write-ahead log stops answering for good (every request, health included) and will
 * not start again on the same disk. So the folders the process writes to are looked at every second, and
 * while less than the reserve is free, writes are refused with 503 "The server's storage is full" before
 * they reach the database; reads go on. When space returns, the next look lifts the refusal: no restart.
 *
 * PostgreSQL reports its own full disk (SQLSTATE 53100) and a folder may still fill between two looks
 * (ENOSPC): either marks storage full at once, for `holdMs` or until a look finds room, whichever is
 * later, so a write storm against a full disk is answered at once instead of retried.
 */
export type StorageState = 'ok' | 'full';

export interface StorageGuard {
  state(): StorageState;
  /** The least free space among the folders watched at the last look (null when none is watched). */
  freeBytes(): number | null;
  /** Refuses (503) a write of `bytes` that would leave less than the reserve free, after a fresh look. */
  ensureRoom(bytes: number): Promise<void>;
  /** A write failed for want of space: storage counts as full from now. */
  reportFull(): void;
  close(): void;
}

export interface StorageGuardOptions {
  /** Folders this process writes to (the embedded data folder); none in the distributed shape. */
  folders: readonly string[];
  reserveBytes: number;
  intervalMs?: number;
  /** How long a reported failure counts as full without a look that says otherwise. */
  holdMs?: number;
  logger: ModuleLogger;
  now?: () => number;
}

export const MB = 1024 * 1024;

/** The folder itself, or its nearest ancestor that exists (a data folder not made yet lives on its disk). */
function existingFolder(folder: string): string {
  let current = resolve(folder);
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/** The free space of the emptiest folder (bytes an unprivileged process may still write). */
export async function leastFreeBytes(folders: readonly string[]): Promise<number | null> {
  let least: number | null = null;
  for (const folder of folders) {
    const stats = await statfs(existingFolder(folder));
    const free = Number(stats.bavail) * Number(stats.bsize);
    least = least === null ? free : Math.min(least, free);
  }
  return least;
}

export function createStorageGuard(options: StorageGuardOptions): StorageGuard {
  const { folders, reserveBytes, logger } = options;
  const now = options.now ?? Date.now;
  const holdMs = options.holdMs ?? 5000;
  let free: number | null = null;
  let reportedAt: number | null = null;
  let lastState: StorageState = 'ok';

  const state = (): StorageState => {
    if (free !== null && free < reserveBytes) return 'full';
    if (reportedAt !== null && now() - reportedAt < holdMs) return 'full';
    return 'ok';
  };
  const noteChange = () => {
    const current = state();
    if (current === lastState) return;
    lastState = current;
    if (current === 'full')
      logger.error({ freeBytes: free, reserveBytes }, "the server's storage is full: writes refused");
    else logger.info({ freeBytes: free }, "the server's storage has room again: writes accepted");
  };
  const look = async () => {
    try {
      free = await leastFreeBytes(folders);
      // A look that finds room ends a reported failure early.
      if (free !== null && free >= reserveBytes) reportedAt = null;
    } catch (error) {
      logger.warn({ err: error }, 'free space unreadable');
    }
    noteChange();
  };
  const timer = folders.length > 0 ? setInterval(() => void look(), options.intervalMs ?? 1000) : null;
  timer?.unref();
  void look();

  return {
    state,
    freeBytes: () => free,
    async ensureRoom(bytes) {
      if (folders.length > 0) await look();
      if (state() === 'full' || (free !== null && free - bytes < reserveBytes)) throw storageFullError();
    },
    reportFull() {
      reportedAt = now();
      noteChange();
    },
    close() {
      if (timer) clearInterval(timer);
    },
  };
}

/** Refuses to start on a disk with less than the reserve free: the sentence, never a stack. */
export async function refuseFullDisk(folders: readonly string[], reserveMb: number): Promise<void> {
  const free = await leastFreeBytes(folders);
  if (free === null || free >= reserveMb * MB) return;
  throw new StartupError(
    `The server's storage is full: ${(free / MB).toFixed(1)} MB free on the disk of ${folders.join(', ')}, ` +
      `below the ${reserveMb} MB it keeps free (STORAGE_RESERVE_MB). Free some space, then start again.`,
  );
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * While storage is full, every write to the API is answered 503 before it reaches a handler (the error
 * handler writes the answer, as for any AppError).
 */
export function refuseWritesWhileFull(app: FastifyInstance, guard: Pick<StorageGuard, 'state'>): void {
  app.addHook('onRequest', async (request) => {
    if (READ_METHODS.has(request.method) || !request.url.startsWith('/api/') || guard.state() === 'ok') return;
    throw storageFullError();
  });
}
