import { Messages } from '@signalroom/shared';
import { AppError } from './app-error.js';

/**
 * A full disk as the API answers it: 503 "The server's storage is full". The watcher that decides when
 * storage counts as full is the operators' (ops/storage-guard.ts); this is only how a request hears it.
 */

/** The error a refused write answers. */
export function storageFullError(): AppError {
  return new AppError('unavailable', Messages.common.storageFull, { retryAfterSeconds: 30 });
}

/** Whether an error says the disk is full: ENOSPC from the file system, 53100 from PostgreSQL. */
export function isStorageFull(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 4; depth += 1) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (code === 'ENOSPC' || code === '53100') return true;
    if (typeof message === 'string' && /no space left on device|could not extend file/i.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
