import type { ModuleLogger } from '@signalroom/shared/node';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { createDatabaseFileStore } from './database-file-store.js';
import { createS3FileStore } from './s3-file-store.js';
import { s3SettingsOf } from './storage.config.js';

/** A file's bytes and the content type detected when it was stored. */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Where uploaded files live, outside the web root: the database by default (every server process of
 * the distributed shape sees the same files), or an S3-compatible bucket (FILE_STORE=s3). Callers write
 * a file before the transaction that references it and delete it once it is unreferenced (that
 * transaction failed, or a later one replaced it), so no store has to join a transaction.
 */
export interface FileStore {
  /** Stores the bytes under a new, unguessable key and answers it. */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /** The file, or null when the key names nothing. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Whether the store answers, for the log at start (a remote store only; the database is checked by
   * the start itself). A failure is logged by the store with its cause.
   */
  check?(): Promise<boolean>;
  /** Releases what the store holds open (connections); the database store holds nothing of its own. */
  close?(): void;
}

/** The file store FILE_STORE names (the composition root builds it once). */
export function createFileStore(config: AppConfig, db: Db, logger: ModuleLogger): FileStore {
  switch (config.FILE_STORE) {
    case 'database':
      return createDatabaseFileStore(db);
    case 's3':
      return createS3FileStore(s3SettingsOf(config), logger);
  }
}
