import type { OperatorContact } from '@signalroom/shared';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();

/** The shipped contact defaults: enough for a local run, never a real contact. */
export const PLACEHOLDERS = {
  SUPPORT_HANDLE: '@signalroom_support',
  SUPPORT_EMAIL: 'support@signalroom.local',
  WHATSAPP_NUMBER: '+2340000000000',
  BROKER_REGISTRATION_URL: 'https://broker.example.com/register',
  BOOTCAMP_URL: 'https://bootcamp.example.com',
} as const;

// Reserved names that can never be a real operator's contact (RFC 2606 / 6761 and the .local suffix).
const RESERVED_HOST = /(^|\.)(example\.(com|org|net)|example|invalid|test|local|localhost)$/i;

/**
 * Whether a contact value is a placeholder rather than a real contact: unset (the shipped default), on a
 * reserved domain (example.com, .local, .test ...), or a phone number that is all zeros after its
 * country code.
 */
export function isPlaceholderContact(value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  if (text === '') return true;
  if (/^\+?[\d\s().-]+$/.test(text)) return /0{6,}$/.test(text.replace(/\D/g, ''));
  const host = text.includes('@') && !text.includes('/') ? text.split('@').pop() : hostOf(text);
  return host ? RESERVED_HOST.test(host) : false;
}

function hostOf(text: string): string | undefined {
  try {
    return new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return undefined;
  }
}

/** Which operator contacts the environment really configured (not left to a placeholder default). */
function contactsConfiguredIn(env: Record<string, string | undefined>): Record<OperatorContact, boolean> {
  const shipped: Record<string, string> = PLACEHOLDERS;
  const real = (key: string) => env[key] !== undefined && env[key] !== shipped[key] && !isPlaceholderContact(env[key]);
  return {
    supportChat: (real('SUPPORT_HANDLE') && !env.SUPPORT_CHAT_URL) || real('SUPPORT_CHAT_URL'),
    supportEmail: real('SUPPORT_EMAIL'),
    whatsapp: real('WHATSAPP_NUMBER'),
    brokerRegistration: real('BROKER_REGISTRATION_URL'),
    bootcamp: real('BOOTCAMP_URL'),
  };
}

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
  /** Base of links in e-mails; absent, the address the server listens on (see publicBaseUrl). */
  PUBLIC_URL: z.url().optional(),
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
  // Contacts: the defaults are placeholders so a local run works; `contactsConfigured` tells them apart.
  SUPPORT_HANDLE: z.string().default(PLACEHOLDERS.SUPPORT_HANDLE),
  SUPPORT_CHAT_URL: z.string().optional(),
  SUPPORT_EMAIL: z.string().default(PLACEHOLDERS.SUPPORT_EMAIL),
  WHATSAPP_NUMBER: z.string().default(PLACEHOLDERS.WHATSAPP_NUMBER),
  BROKER_REGISTRATION_URL: z.string().default(PLACEHOLDERS.BROKER_REGISTRATION_URL),
  PROMO_CODE: z.string().optional(),
  BOOTCAMP_URL: z.string().default(PLACEHOLDERS.BOOTCAMP_URL),
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
    contactsConfigured: contactsConfiguredIn(cleaned),
  };
}
