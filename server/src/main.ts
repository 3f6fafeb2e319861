import { configOrExit, onShutdownSignal, runMain } from '@signalroom/shared/node';
import { parseConfig } from './config.js';
import { startServer } from './server.js';

/** Reads the configuration and starts Signalroom; exits non-zero listing every bad variable. */
async function main(): Promise<void> {
  const config = configOrExit(parseConfig);
  const server = await startServer(config);
  onShutdownSignal(async (signal) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
  });
}

runMain(main);
