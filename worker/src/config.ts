import { parseEnv, ZSharedEnv } from '@signalroom/shared-node';
import { z } from 'zod';

const required = (what: string) =>
  z.url({
    error: (issue) => (issue.input === undefined ? `required: the standalone worker needs ${what}` : undefined),
  });

/**
 * The standalone worker's environment: the settings it shares with the server (ZSharedEnv, the same
 * checks) and its own. It runs the distributed shape only, so both URLs are required.
 */
const ZWorkerEnv = ZSharedEnv.extend({
  DATABASE_URL: required('PostgreSQL (the distributed shape)'),
  REDIS_URL: required('Redis (the distributed shape)'),
  DB_POOL_MAX: z.coerce.number().int().positive().default(5),
});
export type WorkerConfig = z.infer<typeof ZWorkerEnv>;

/** Parses the worker's environment; throws one error with a line per problem. */
export function parseWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  return parseEnv(ZWorkerEnv, env, 'Invalid worker configuration:');
}
