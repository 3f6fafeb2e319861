import { DEFAULT_PAYOUT_PERCENT, isTimeZone, TIMING } from '@signalroom/shared';
import { z } from 'zod';
import { marketFeedProblems, ZMarketEnv } from './market/market-config.js';
import { recordEnvProblems, ZRecordEnv } from './record-config.js';

/**
 * The settings the server and the worker both read, defined once so the two can never accept
 * different values for them (see config-parity.test.ts in server/). Each process adds its own keys with
 * `ZSharedEnv.extend({...})` and parses through `parseEnv`, which also refuses a half-distributed shape.
 */

export const ZSharedEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Base of links in e-mails, and the origin sockets are accepted from (with HSTS when https); absent,
   * the address the server listens on (see public-url.ts). The track record's origin derives from it.
   */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL; set together with REDIS_URL (the distributed shape) or not at all (embedded). */
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  /** Prefix of every Redis key and channel this deployment uses (lets test runs share one Redis). */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[a-zA-Z0-9:_-]+$/)
    .default('signalroom'),
  /** Operator's time zone (day sequence for the tier daily limits), an IANA name such as Africa/Lagos. */
  TIME_ZONE: z
    .string()
    .default('Africa/Lagos')
    .refine(isTimeZone, { message: 'not an IANA time zone (e.g. Africa/Lagos, Europe/London)' }),
  /** Signal slot and window length; the product issues a signal every 5 minutes unless a test shortens it. */
  SIGNAL_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  ...ZMarketEnv.shape,
  ...ZRecordEnv.shape,
  /** A window whose closing price is still not to be had this long after it closed makes its signal void. */
  SIGNAL_VOID_AFTER_MS: z.coerce.number().int().min(1000).default(3_600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL cancels any statement running longer than this (a stuck query must not hold a connection). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Longest wait for a database connection, free in the pool or new (an exhausted pool answers 503). */
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * Longest wait for the answer to one statement: past it the connection is given up and the call
   * answers 503. Above DB_STATEMENT_TIMEOUT_MS, so a slow statement is cancelled by PostgreSQL first
   * and only a network that stalls (or a database that stopped answering) meets this bound.
   */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(6000),
  /** How long a SIGTERM may take: in-flight requests and jobs finish, then the process exits regardless. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  /**
   * How often an unchanged offer countdown is pushed to open pages as a sync point (a change goes out at
   * once). Pages count the seconds themselves from the server's clock, so this only corrects drift; every
   * sync point is one frame per connected member. Tests shorten it to see one without waiting a minute.
   */
  COUNTDOWN_SYNC_MS: z.coerce.number().int().min(1000).max(300_000).default(TIMING.countdownSyncMs),
  /** How often a BullMQ worker checks that its job scheduler still exists (Redis may have lost it). */
  SCHEDULER_CHECK_MS: z.coerce.number().int().min(100).default(30_000),
  /** The Telegram bot's token (from @BotFather); absent, the Telegram channel is off. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]+$/, 'not a bot token (<id>:<secret>, as @BotFather gives it)')
    .optional(),
  /** Base of the Bot API (a self-hosted Bot API server, or a local stand-in in tests). */
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /**
   * Hosts Web Push may post to (a host or a parent domain, comma-separated): the browsers' push
   * services. A subscription names its own endpoint, so without this list any member could make the
   * server post to an address of its private network. Tests add their local push service.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Tries per delivery job (e-mail, Web Push, Telegram) before its recipients are marked failed. */
  DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Wait before the first retry of a delivery job; doubled at each further try. */
  DELIVERY_BACKOFF_MS: z.coerce.number().int().min(10).default(5_000),
  /**
   * What the broker pays on a won fixed-expiry trade, percent of the stake (85 pays 0.85 per unit): sets
   * the break-even win rate and the expected values shown beside every win rate.
   */
  PAYOUT_PERCENT: z.coerce
    .number()
    .min(1, 'a payout from 1 to 100 (percent of the stake a win pays)')
    .max(100, 'a payout from 1 to 100 (percent of the stake a win pays)')
    .default(DEFAULT_PAYOUT_PERCENT),
  /**
   * Slots the worker's daily backtest replays (2016: a week of 5-minute slots), stored for the Gold Room;
   * 0 runs none.
   */
  BACKTEST_SLOTS: z.coerce.number().int().min(0).max(100_000).default(2016),
  /**
   * The most signals one analyst may publish on the desk over a rolling hour (beyond: 429), so a burst
   * from the desk cannot use up the members' daily allowance before the model's signals come.
   */
  DESK_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(6),
  /**
   * Whether the engine skips its slot signal when an analyst published on the desk during the interval
   * leading to that slot (the slot is then recorded with the reason 'analyst_published'); by default the
   * engine and the analysts run side by side.
   */
  DESK_SKIPS_ENGINE_SLOT: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(false),
  /**
   * Whether the analysts' signals count against the tiers' daily allowances together with the model's.
   * By default they are counted apart: a tier's room shows the first N of the model's signals of the
   * day and, separately, the first N of the desk's, so a busy desk never locks the model's signals.
   */
  DESK_IN_ALLOWANCE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(false),
});

export type SharedEnv = z.output<typeof ZSharedEnv>;

/** `KEY: problem`, one line per problem, as every refusal to start prints them. */
export function problemLine(key: string, message: string): string {
  return `  ${key}: ${message}`;
}

/** Thrown when the environment is refused; its message is the heading and one line per problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    heading: string,
    readonly problems: string[],
  ) {
    super(`${heading}\n${problems.join('\n')}`);
  }
}

/** The environment without empty values: `KEY=` counts as unset. */
export function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/**
 * Parses `env` with `schema` (ZSharedEnv or an extension of it); throws a ConfigError with one line per
 * problem: every bad key, and a half-distributed shape (one of DATABASE_URL and REDIS_URL without the
 * other would start a server whose signals no worker issues, or a worker no server hears).
 * `wholeShape: false` skips that check for a tool that opens the database only (the admin CLI).
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv,
  heading: string,
  options: { wholeShape?: boolean } = {},
): z.output<S> {
  const cleaned = cleanEnv(env);
  const result = schema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => problemLine(issue.path.join('.') || '(environment)', issue.message));
  if (result.success) {
    const data = result.data as SharedEnv;
    problems.push(
      ...marketFeedProblems(data),
      ...timeoutProblems(data),
      ...recordEnvProblems(data).map((p) => problemLine(p.key, p.message)),
    );
  }
  const shapeProblem = options.wholeShape === false ? null : halfDistributed(cleaned);
  // A schema that requires the missing URL (the worker's) has said so already: one line per problem.
  if (shapeProblem && !problems.some((line) => line.startsWith(shapeProblem.split(':')[0] as string))) {
    problems.push(shapeProblem);
  }
  if (!result.success || problems.length) throw new ConfigError(heading, problems);
  return result.data;
}

/** The client-side bound must leave PostgreSQL the time to cancel a slow statement itself. */
function timeoutProblems(env: z.output<typeof ZSharedEnv>): string[] {
  if (env.DB_QUERY_TIMEOUT_MS > env.DB_STATEMENT_TIMEOUT_MS) return [];
  return [
    problemLine(
      'DB_QUERY_TIMEOUT_MS',
      `must be above DB_STATEMENT_TIMEOUT_MS (${env.DB_STATEMENT_TIMEOUT_MS}): PostgreSQL cancels a slow statement, this bound is for a database that stopped answering`,
    ),
  ];
}

function halfDistributed(env: Record<string, string>): string | null {
  if (Boolean(env.DATABASE_URL) === Boolean(env.REDIS_URL)) return null;
  const [set, missing] = env.DATABASE_URL ? ['DATABASE_URL', 'REDIS_URL'] : ['REDIS_URL', 'DATABASE_URL'];
  return problemLine(
    missing,
    `required with ${set}: the distributed shape needs both (PostgreSQL and Redis); unset both for the embedded shape`,
  );
}
