import { parseConfig } from './config.js';
import { startServer } from './server.js';

/** Reads the configuration and starts Signalroom; exits non-zero listing every bad variable. */
async function main(): Promise<void> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const server = await startServer(config);
  const shutdown = async (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
