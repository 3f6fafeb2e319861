import { PGlite } from '@electric-sql/pglite';
import type { Database } from '@signalroom/shared/node';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; absent, an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  poolMax?: number;
  connectionTimeoutMs?: number;
}

// numeric comes back as a string and int8 as a string by default; counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Opens PostgreSQL through a pool (bounded wait for a connection) or an embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      // An exhausted pool fails fast (answered 503) instead of leaving requests hanging.
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    });
    pool.on('error', () => {
      // Idle client errors (server restart) are recovered by the pool on next checkout.
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await PGlite.create(options.dataDir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
