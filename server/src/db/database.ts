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
  /**
   * Asked before every statement that may write to the embedded database; throws to refuse it. PGlite
   * that meets a full disk stops answering for good, so no writer (a request, the in-process worker, a
   * timed task) may reach it while the disk is full (see ops/storage-guard.ts).
   */
  beforeWrite?: () => void;
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
  const gate = options.beforeWrite;
  const client = gate ? gatedClient(pglite, gate) : pglite;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
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

/**
 * A statement that cannot write: a plain read or transaction control. Anything else (an insert, a
 * locking read, a sequence step, DDL) counts as a write. Erring towards "write" only refuses a read while
 * the disk is full; erring the other way could stop the database for good.
 */
export function isReadOnlyStatement(sql: string): boolean {
  const text = sql.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()+/, '');
  if (!/^(select|show|values|with|begin|start|commit|end|rollback|savepoint|release|set|reset)\b/i.test(text))
    return false;
  return !/\b(insert|update|delete|merge|truncate|nextval|setval|for\s+share|for\s+key\s+share)\b/i.test(text);
}

/** The PGlite client the dialect uses (it calls only query and close), asking the gate before a write. */
function gatedClient(pglite: PGlite, beforeWrite: () => void): PGlite {
  return new Proxy(pglite, {
    get(target, property) {
      if (property !== 'query') {
        // PGlite keeps private fields: its methods must run on itself, not on the proxy.
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string, ...rest: unknown[]) => {
        if (!isReadOnlyStatement(sql)) beforeWrite();
        return (target.query as (...args: unknown[]) => unknown).call(target, sql, ...rest);
      };
    },
  });
}
