import { configOrExit, onShutdownSignal, runMain } from '@signalroom/shared-node';
import { parseConfig } from './config.js';
import { startServer } from './server.js';

/**
 * Reads the configuration and starts Signalroom; exits non-zero listing every bad variable. On SIGTERM
 * or SIGINT it drains (in-flight requests finish, sockets move elsewhere) within SHUTDOWN_TIMEOUT_MS.
 */
async function main(): Promise<void> {
  const config = configOrExit(parseConfig);
  const server = await startServer(config);
  onShutdownSignal(
    async ({ signal }) => {
      server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const started = Date.now();
      await server.close();
      server.app.log.info({ signal, tookMs: Date.now() - started }, 'shut down');
    },
    { timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger: { error: (message) => server.app.log.error(message) } },
  );
}

runMain(main);
