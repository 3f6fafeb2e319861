/**
 * The start-up and shutdown shape shared by the server and the worker entry points, so that both
 * refuse a bad configuration and stop on a signal in the same way.
 */

/** Parses the configuration; on failure prints its message (every bad variable) and exits 1. */
export function configOrExit<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** On the first SIGINT or SIGTERM runs `shutdown` (closing what is open), then exits 0. */
export function onShutdownSignal(shutdown: (signal: string) => Promise<void>): void {
  const stop = async (signal: string) => {
    await shutdown(signal);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

/** Runs an entry point; an unexpected failure is printed and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
