import closeWithGrace from 'close-with-grace';

/**
 * The start-up and shutdown shape shared by the server and the worker entry points, so that both
 * refuse a bad configuration and stop on a signal in the same way.
 */

/** A refusal to start that the operator must read as is (no stack trace): a held lock, a bad setting. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Parses the configuration; on failure prints its message (every bad variable) and exits 1. */
export function configOrExit<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export interface ShutdownOptions {
  /** The most a shutdown may take; past it the process exits 1 whatever is still open. */
  timeoutMs: number;
  logger?: { error(message: string): void };
}

export interface ShutdownReason {
  signal?: string;
  /** Set when an uncaught error or unhandled rejection started the shutdown. */
  err?: Error;
}

/**
 * On the first SIGINT or SIGTERM (or an uncaught error) runs `shutdown` once (stop taking work, finish
 * what is in flight, close what is open), then exits: 0 after a clean stop, 1 after an error or when
 * `timeoutMs` ran out. A second signal exits at once. close-with-grace does the bookkeeping.
 */
export function onShutdownSignal(shutdown: (reason: ShutdownReason) => Promise<void>, options: ShutdownOptions): void {
  const logger = options.logger ?? { error: (message: string) => console.error(message) };
  closeWithGrace(
    {
      delay: options.timeoutMs,
      logger: { error: (message: unknown) => logger.error(String(message)) },
      onTimeout: (delay) => logger.error(`shutdown took longer than ${delay} ms; exiting anyway`),
    },
    async ({ signal, err }) => {
      if (err) logger.error(`stopping after an uncaught error: ${err.stack ?? err.message}`);
      await shutdown({ ...(signal ? { signal } : {}), ...(err ? { err } : {}) });
    },
  );
}

/** Runs an entry point; an unexpected failure is printed and exits 1 (a StartupError by its message only). */
export function runMain(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error instanceof StartupError ? error.message : error);
    process.exit(1);
  });
}
