/**
 * The logging a module needs: a details object first, then the message. pino and Fastify's logger both
 * fit, and the composition root hands each module one that adds the module's name.
 */
export interface ModuleLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Drops everything: for tests and benches that check behaviour, not the log. */
export const silentLogger: ModuleLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
