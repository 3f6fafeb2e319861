import { PGlite } from '@electric-sql/pglite';
import { type Database, type ModuleLogger, openPostgres, silentLogger } from '@signalroom/shared-node';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { dataDirFolder, lockDataDir } from './data-dir-lock.js';
import { dataFolderWarnings, restrictUmask, secureDataFolder } from './data-dir-modes.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * What the opening found wrong with the permissions of the PGlite folder and fixed (or could not),
   * one line each, for the caller's log: the logger may not exist yet when the database is opened.
   */
  warnings: string[];
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; absent, an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  poolMax?: number;
  /** Longest wait for a connection (ms). */
  connectionTimeoutMs?: number;
  /** Longest wait for a statement's answer before its connection is given up (ms). */
  queryTimeoutMs?: number;
  /** PostgreSQL cancels a statement running longer than this (ms). */
  statementTimeoutMs?: number;
  /** Where lost connections are reported. */
  logger?: ModuleLogger;
  /** Called if the PGlite folder's lock is lost while open (its lock directory was removed or went stale). */
  onLockLost?: (error: Error) => void;
  /**
   * An in-memory embedded database (memory://) starts as a copy of this image (a PGlite data-folder
   * dump) instead of being initialised empty, which takes PGlite about two seconds: the tests start every
   * server from one image migrated once per run. A data folder on disk keeps what it holds.
   */
  pgliteImage?: Blob | undefined;
}

// numeric comes back as a string and int8 as a string by default; counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Opens PostgreSQL through a pool (every wait bounded, see openPostgres) or an embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const db = openPostgres({
      url: options.databaseUrl,
      poolMax: options.poolMax ?? 10,
      connectionTimeoutMs: options.connectionTimeoutMs ?? 5000,
      queryTimeoutMs: options.queryTimeoutMs ?? 6000,
      statementTimeoutMs: options.statementTimeoutMs ?? 5000,
      logger: options.logger ?? silentLogger,
    });
    return { db, kind: 'postgres', warnings: [], close: () => db.destroy() };
  }
  const folder = dataDirFolder(options.dataDir);
  // The folder holds every secret of the deployment (sessions, keys, members' data): files created from
  // now on are private to this user, and whatever an earlier run or a copy left readable is made so.
  let warnings: string[] = [];
  if (folder) {
    restrictUmask();
    warnings = dataFolderWarnings(folder, secureDataFolder(folder));
  }
  // PGlite is one process's database: a second process on the same folder would silently lose writes.
  const unlock = folder ? await lockDataDir(folder, options.onLockLost ? { onLost: options.onLockLost } : {}) : null;
  let pglite: PGlite;
  try {
    pglite =
      options.pgliteImage && !folder
        ? await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.pgliteImage })
        : await PGlite.create(options.dataDir);
  } catch (error) {
    await unlock?.();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    warnings,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      await unlock?.();
    },
  };
}
