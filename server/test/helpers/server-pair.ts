import { afterAll, beforeAll } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';
import { prepareShape } from './shape.js';

/** Two servers on one storage: what two server processes of a deployment share, in one test process. */
export interface ServerPair {
  a: RunningServer;
  b: RunningServer;
  /** The environment both were configured from (DATABASE_URL, REDIS_URL, REDIS_NAMESPACE, …). */
  env: Record<string, string>;
  /** Closes both servers, then drops the storage. */
  close(): Promise<void>;
}

/**
 * Starts two servers on the same database, Redis and namespace, with no embedded worker: the
 * distributed shape's multi-process behaviour (the bus, the socket adapter, shared caches) in one test.
 * `env` overrides the configuration, e.g. a private Redis that a test restarts.
 */
export async function startServerPair(env: Record<string, string> = {}): Promise<ServerPair> {
  const shape = await prepareShape();
  const merged = { ...shape.env, ...env };
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    EMBEDDED_WORKER: 'false',
    BACKTEST_SLOTS: '0',
    ...merged,
  });
  const started: RunningServer[] = [];
  const close = async () => {
    for (const server of started.splice(0)) await server.close();
    await shape.cleanup();
  };
  try {
    started.push(await startServer(config, shape.startOptions));
    started.push(await startServer(config, shape.startOptions));
  } catch (error) {
    await close();
    throw error;
  }
  const [a, b] = started as [RunningServer, RunningServer];
  return { a, b, env: merged, close };
}

/** A suite's server pair (useServerPair): the two servers once started, and socket clients closed for you. */
export interface SuiteServerPair {
  readonly a: RunningServer;
  readonly b: RunningServer;
  readonly env: Record<string, string>;
  /** Connects a socket client to one of the servers; it is closed after the suite, before the servers. */
  connect(server: RunningServer, token: string | null, options?: { reconnection?: boolean }): Promise<TestClient>;
}

/**
 * Starts a pair for the calling suite (beforeAll) and closes its clients and then the pair (afterAll).
 * `env` may be a function, read when the pair starts: for a value an earlier beforeAll makes (a private
 * Redis). Read `a`, `b` and `env` inside tests.
 */
export function useServerPair(env: Record<string, string> | (() => Record<string, string>) = {}): SuiteServerPair {
  let pair: ServerPair | undefined;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    pair = await startServerPair(typeof env === 'function' ? env() : env);
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await pair?.close();
  });
  const started = (): ServerPair => {
    if (!pair) throw new Error('the server pair starts in beforeAll: read it inside a test');
    return pair;
  };
  return {
    get a() {
      return started().a;
    },
    get b() {
      return started().b;
    },
    get env() {
      return started().env;
    },
    async connect(server, token, options) {
      const client = await connectClient(server.url, token, options);
      clients.push(client);
      return client;
    },
  };
}
