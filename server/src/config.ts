import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();

/**
 * Configuration, parsed once from the environment. Names of the first block are part of the contract
 * (README's configuration table). Operator branding settings come with defaults so one build serves
 * any operator.
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalUrl,
  /** Prefix of every Redis key and channel this deployment uses (lets test runs share one Redis). */
  REDIS_NAMESPACE: z
    .string()
    .regex(/^[a-zA-Z0-9:_-]+$/)
    .default('signalroom'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Signalroom <no-reply@signalroom.local>'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  TRUST_PROXY: bool.default(false),
  /** Run the signal worker inside this process. Defaults to true in the embedded shape (no REDIS_URL). */
  EMBEDDED_WORKER: bool.optional(),
  /** Serve the built web app from this folder; defaults to web/dist beside the server. */
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMITS: bool.default(true),
  /** Scales every auth rate limit (e.g. 100 in test suites that register many members from one IP). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(100_000).default(1),
  /** Bearer token Prometheus must send to GET /metrics; unset, /metrics is open (counts only). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Where uploaded files (proofs of deposit) are kept. Only the database store exists so far. */
  FILE_STORE: z.enum(['database']).default('database'),

  PRODUCT_NAME: z.string().min(1).default('Signalroom'),
  SUPPORT_HANDLE: z.string().default('@signalroom_support'),
  SUPPORT_CHAT_URL: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@signalroom.local'),
  WHATSAPP_NUMBER: z.string().default('+2340000000000'),
  BROKER_REGISTRATION_URL: z.string().default('https://broker.example.com/register'),
  PROMO_CODE: z.string().optional(),
  BOOTCAMP_URL: z.string().default('https://bootcamp.example.com'),
  TIME_ZONE: z.string().default('Africa/Lagos'),
  TIME_ZONE_LABEL: z.string().default('West Africa Time'),
  SILVER_DAILY_LIMIT: z.coerce.number().int().positive().default(10),
  /** A real market feed (HTTP); absent, the built-in simulated market is used. */
  MARKET_FEED_URL: optionalUrl,
  /** Seed of the simulated market (same seed, same prices). */
  MARKET_SEED: z.string().min(1).optional(),
  /** Signal slot and window length; 5 minutes (spec section 9) unless a test shortens it. */
  SIGNAL_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
});

export type AppConfig = ReturnType<typeof parseConfig>;

/** Parses the environment; throws one error listing every bad key. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env_ = result.data;
  return {
    ...env_,
    isProduction: env_.NODE_ENV === 'production',
    embeddedWorker: env_.EMBEDDED_WORKER ?? !env_.REDIS_URL,
    supportChatUrl: env_.SUPPORT_CHAT_URL ?? `https://t.me/${env_.SUPPORT_HANDLE.replace(/^@/, '')}`,
    promoCode: env_.PROMO_CODE ?? `${env_.PRODUCT_NAME.toUpperCase()}100`,
  };
}
