import { z } from 'zod';

/** The standalone worker's environment; it fails fast listing every bad key. */
const ZWorkerEnv = z.object({
  DATABASE_URL: z.url(),
  REDIS_URL: z.url(),
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[a-zA-Z0-9:_-]+$/)
    .default('signalroom'),
  TIME_ZONE: z.string().default('Africa/Lagos'),
  SIGNAL_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  MARKET_FEED_URL: z.url().optional(),
  MARKET_SEED: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_MAX: z.coerce.number().int().positive().default(5),
  /** PostgreSQL cancels a statement running longer than this. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How long a SIGTERM may take: running jobs finish, then the process exits regardless. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /** How often the worker checks that its BullMQ job scheduler still exists (Redis may have lost it). */
  SCHEDULER_CHECK_MS: z.coerce.number().int().min(100).default(30_000),
});
export type WorkerConfig = z.infer<typeof ZWorkerEnv>;

/** Parses the worker's environment; throws one error listing every bad key. */
export function parseWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZWorkerEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid worker configuration:\n${lines.join('\n')}`);
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: result.data.TIME_ZONE });
  } catch {
    throw new Error(`Invalid worker configuration:\n  TIME_ZONE: unknown time zone ${result.data.TIME_ZONE}`);
  }
  return result.data;
}
