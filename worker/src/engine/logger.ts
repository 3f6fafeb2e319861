/** The logging the worker needs; pino and Fastify's logger both fit. */
export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

/** A logger that drops everything (tests, benches). */
export const silentLogger: WorkerLogger = { info() {}, warn() {}, error() {}, debug() {} };
