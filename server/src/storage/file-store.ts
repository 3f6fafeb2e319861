import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { createDatabaseFileStore } from './database-file-store.js';

/** A file's bytes and the content type detected when it was stored. */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Where uploaded files live, outside the web root. The database store is the default (every server
 * process of the distributed shape sees the same files); an S3-compatible store would implement the
 * same three calls and be chosen by FILE_STORE. Callers write a file before the transaction that
 * references it and delete it if that transaction fails, so no store has to join a transaction.
 */
export interface FileStore {
  /** Stores the bytes; answers the key to read or delete them by. */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /** The file, or null when the key names nothing. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** The file store FILE_STORE names (the composition root builds it once). */
export function createFileStore(kind: AppConfig['FILE_STORE'], db: Db): FileStore {
  switch (kind) {
    case 'database':
      return createDatabaseFileStore(db);
  }
}
