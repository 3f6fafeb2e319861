import { parseConfig } from '../../src/config.js';
import { type RunningServer, startServer } from '../../src/server.js';
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
  const config = parseConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', EMBEDDED_WORKER: 'false', ...merged });
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
