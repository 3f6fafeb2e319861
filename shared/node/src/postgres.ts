import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { ModuleLogger } from './logger.js';
import type { Database } from './schema.js';

/**
 * PostgreSQL for the server and the worker, with every wait bounded on this side of the network.
 * PostgreSQL's own statement_timeout cancels a slow statement, but it runs inside PostgreSQL: when the
 * network stalls (a failover, a dropped route) no answer comes back at all. So here: a connection is
 * waited for at most `connectionTimeoutMs` (pg's connectionTimeoutMillis, for a free pooled connection
 * and for a new one), an answer at most `queryTimeoutMs` (pg's query_timeout), and a connection that
 * failed either way is ended at once and dropped from the pool, so the transaction's rollback fails
 * fast instead of queueing behind the stalled statement. Connection faults reach callers as
 * `DatabaseUnavailableError` (answered 503). A connection that dies while checked out has an error
 * listener too (pg's pool listens only while a connection is idle): without one, Node ends the process.
 */
export interface PostgresSettings {
  url: string;
  poolMax: number;
  /** Longest wait for a connection: a free one from the pool, or a new one to PostgreSQL (ms). */
  connectionTimeoutMs: number;
  /** Longest wait for the answer to one statement before the connection is given up (ms). */
  queryTimeoutMs: number;
  /** PostgreSQL cancels a statement running longer than this (ms); set below `queryTimeoutMs`. */
  statementTimeoutMs: number;
  logger: ModuleLogger;
}

/** The database could not be reached or did not answer in time; the call may be tried again later. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** Socket errors of a connection that is gone or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's and Kysely's own words for a connection that timed out, died or was ended after a fault. */
const CONNECTION_LOST =
  /Connection terminated|Query read timeout|timeout exceeded when trying to connect|is not queryable|connection has been discarded/i;
/**
 * SQLSTATEs that say the database, not the statement, is the problem: class 08 (connection exception),
 * 57P01-57P03 (shut down, crashed, starting up), 53300 (too many connections), 53100 (disk full),
 * 58030 (I/O error), and 57014 (the statement ran past statement_timeout and was cancelled).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53100', '58030', '57014']);

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** A fault of the connection itself (after which it must not be reused), as opposed to the statement's. */
function isConnectionFault(error: unknown): boolean {
  const code = codeOf(error);
  return NETWORK_CODES.has(code) || code.startsWith('08') || CONNECTION_LOST.test((error as Error)?.message ?? '');
}

/**
 * Whether `error` means the database is unreachable, overloaded or too slow (503, try again), rather
 * than a refusal of this statement (a constraint, bad input) or a bug. Holds for PostgreSQL and PGlite.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  return UNAVAILABLE_STATES.has(codeOf(error)) || isConnectionFault(error);
}

function unavailable(message: string, cause: unknown): DatabaseUnavailableError {
  return new DatabaseUnavailableError(`${message}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
}

/** Kysely's view of the pool: each checked-out connection ends and leaves the pool after a fault. */
function boundedPool(pool: pg.Pool, logger: ModuleLogger): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw unavailable('no database connection', error);
      }
      let broken = false;
      const query = async (text: string, parameters: ReadonlyArray<unknown>) => {
        try {
          return await client.query(text, parameters as unknown[]);
        } catch (error) {
          if (!isConnectionFault(error)) throw error;
          if (!broken) {
            broken = true;
            // Ends the socket even with the stalled statement still on it; what is queued fails at once.
            client.end().catch((endError: unknown) => logger.debug({ err: endError }, 'ending a failed connection'));
          }
          throw unavailable('database connection lost', error);
        }
      };
      return {
        // Kysely's cursor overload is never used here (no cursor in the dialect's config).
        query: query as unknown as PostgresPoolClient['query'],
        release: (destroy) => client.release(destroy || broken),
      };
    },
  };
}

/** Opens the pool and its Kysely instance; `db.destroy()` ends the pool. */
export function openPostgres(settings: PostgresSettings): Kysely<Database> {
  const { logger } = settings;
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolMax,
    connectionTimeoutMillis: settings.connectionTimeoutMs,
    query_timeout: settings.queryTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    // A transaction whose client went quiet longer than any answer is awaited is abandoned: PostgreSQL
    // ends it and frees its locks instead of holding them until TCP notices the client is gone.
    idle_in_transaction_session_timeout: settings.queryTimeoutMs,
    keepAlive: true,
  });
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_error, client) => inUse.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // An idle connection's loss is reported by the pool's 'error' event below; this one was in use,
      // so its statement fails (the caller answers 503) and the pool drops it on release.
      if (inUse.has(client)) logger.warn({ err: error }, 'database connection lost while in use; the pool replaces it');
    });
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection lost; the pool replaces it'));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: boundedPool(pool, logger) }) });
}
