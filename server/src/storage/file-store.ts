import type { ServerContext } from '../context.js';
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

const stores = new WeakMap<ServerContext, FileStore>();

/** The file store of this server context, as configured (FILE_STORE). */
export function fileStoreFor(ctx: ServerContext): FileStore {
  let store = stores.get(ctx);
  if (!store) {
    switch (ctx.config.FILE_STORE) {
      case 'database':
        store = createDatabaseFileStore(ctx.db);
        break;
      case 's3':
        store = createS3FileStore(s3SettingsOf(ctx.config), ctx.logger);
        break;
    }
    stores.set(ctx, store);
  }
  return store;
}

/**
 * Asks a remote store for its bucket once at start, without holding the start up: wrong settings show in
 * the log before the first member uploads, and a store that is down at start is no reason not to serve.
 */
export function checkFileStoreInBackground(ctx: ServerContext): void {
  void fileStoreFor(ctx).check?.();
}

/** Closes the context's file store, if one was opened (server shutdown). */
export function closeFileStore(ctx: ServerContext): void {
  stores.get(ctx)?.close?.();
  stores.delete(ctx);
}
