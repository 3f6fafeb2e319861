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
