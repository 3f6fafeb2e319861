import { type Spawned, spawnSource } from '../helpers/processes.js';
import type { TestServer } from '../helpers/test-server.js';
import type { PrivateRedis } from '../realtime/private-redis.js';

/** The real standalone worker (worker/src/main.ts) on a test server's database and a private Redis. */
export function spawnStandaloneWorker(
  server: TestServer,
  redis: PrivateRedis,
  options: { intervalMs: number; schedulerCheckMs: number },
): Spawned {
  return spawnSource('worker/src/main.ts', [], {
    DATABASE_URL: server.config.DATABASE_URL,
    REDIS_URL: redis.url,
    REDIS_NAMESPACE: server.config.REDIS_NAMESPACE,
    SIGNAL_INTERVAL_MS: String(options.intervalMs),
    SCHEDULER_CHECK_MS: String(options.schedulerCheckMs),
    LOG_LEVEL: 'warn',
  });
}

/** Kills a spawned process at once (kill -9) if it still runs, and waits for it to end. */
export async function killIfRunning(spawned: Spawned | null): Promise<void> {
  if (spawned && spawned.child.exitCode === null && spawned.child.signalCode === null) {
    spawned.child.kill('SIGKILL');
    await spawned.exited;
  }
}
