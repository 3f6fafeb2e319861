import { isIP } from 'node:net';
import {
  DEFAULT_SILVER_DAILY_LIMIT,
  isPlaceholderContact,
  type OperatorContact,
  parseSupportHours,
} from '@signalroom/shared';
import { ConfigError, cleanEnv, parseEnv, problemLine, ZSharedEnv } from '@signalroom/shared-node';
import { z } from 'zod';
import { ZStorageEnv } from './storage/storage.config.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();

/** A comma-separated list of origins (scheme://host[:port], a trailing slash allowed). */
function parseOrigins(list: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const item of list.split(',').map((entry) => entry.trim())) {
    if (!item) continue;
    const parsed = URL.canParse(item) ? new URL(item) : null;
    if (parsed && /^https?:$/.test(parsed.protocol) && parsed.origin === item.replace(/\/$/, '')) {
      origins.push(parsed.origin);
    } else ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${item}` });
  }
  return origins;
}

/** The longest wait between two tries of one webhook (a day), and the most retries a schedule may list. */
const RETRY_WAIT_MAX_SECONDS = 86_400;
const RETRIES_MAX = 20;

/** WEBHOOK_RETRY_SCHEDULE: the waits in milliseconds, in order (an empty schedule: no retry). */
function parseRetrySchedule(list: string, ctx: z.RefinementCtx): number[] {
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length > RETRIES_MAX) ctx.addIssue({ code: 'custom', message: `at most ${RETRIES_MAX} retries` });
  const waits: number[] = [];
  for (const item of items) {
    const seconds = Number(item);
    if (!/^\d+(\.\d+)?$/.test(item) || seconds > RETRY_WAIT_MAX_SECONDS) {
      ctx.addIssue({ code: 'custom', message: `not a wait in seconds from 0 to ${RETRY_WAIT_MAX_SECONDS}: ${item}` });
    } else waits.push(Math.round(seconds * 1000));
  }
  return waits;
}

/** The shipped contact defaults: enough for a local run, never a real contact. */
export const PLACEHOLDERS = {
  SUPPORT_HANDLE: '@signalroom_support',
  SUPPORT_EMAIL: 'support@signalroom.local',
  WHATSAPP_NUMBER: '+2340000000000',
  BROKER_REGISTRATION_URL: 'https://broker.example.com/register',
  BOOTCAMP_URL: 'https://bootcamp.example.com',
} as const;

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
 * Configuration, parsed once from the environment: the settings shared with the worker (ZSharedEnv,
 * checked the same way in both) and the server's own. Names are part of the contract (the table in
 * docs/configuration.md). Operator branding settings come with defaults so one build serves any operator.
 */
/** The sender while MAIL_FROM is left unset: the business's own name (live-brand.ts) with this address. */
export const DEFAULT_MAIL_FROM_ADDRESS = 'no-reply@signalroom.local';
export const DEFAULT_MAIL_FROM = `Signalroom <${DEFAULT_MAIL_FROM_ADDRESS}>`;

const ZEnv = ZSharedEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Bind address; defaults to 127.0.0.1 outside production (see resolveHost). */
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * Space (MB) kept free on the disk of the embedded data folder: below it writes are refused with 503
   * and a start is refused, so the embedded database never meets a failed write (storage-guard.ts).
   */
  STORAGE_RESERVE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default(DEFAULT_MAIL_FROM),
  /**
   * Other origins the web app is served from (comma-separated, e.g. https://www.example.com). Sockets
   * from them are accepted and the Content-Security-Policy lets the page reach them.
   */
  ALLOWED_ORIGINS: z.string().transform(parseOrigins).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** The proxies whose X-Forwarded-For is believed: addresses/CIDRs, or false (see parseTrustProxy). */
  TRUST_PROXY: z.string().default('false'),
  /** A first-run setup link (printed at start while no admin exists) stops working this many hours after. */
  SETUP_LINK_TTL_HOURS: z.coerce.number().positive().max(720).default(24),
  /** A session unused for this many days ends, on top of its 30-day absolute expiry. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(14),
  /** Run the signal worker inside this process. Defaults to true in the embedded shape (no REDIS_URL). */
  EMBEDDED_WORKER: bool.optional(),
  /** Serve the built web app from this folder; defaults to web/dist beside the server. */
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMITS: bool.default(true),
  /** Socket handshakes share one session query per event-loop turn; false = one query each (bench peer only). */
  REALTIME_BATCHED_HANDSHAKES: bool.default(true),
  /** Scales every auth rate limit (e.g. 100 in test suites that register many members from one IP). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(100_000).default(1),
  /** Bearer token Prometheus must send to GET /metrics; unset, /metrics is open (counts only). */
  METRICS_TOKEN: z.string().min(16).optional(),

  PRODUCT_NAME: z.string().min(1).default('Signalroom'),
  // Contacts: the defaults are placeholders so a local run works; `contactsConfigured` tells them apart.
  SUPPORT_HANDLE: z.string().default(PLACEHOLDERS.SUPPORT_HANDLE),
  SUPPORT_CHAT_URL: z.string().optional(),
  SUPPORT_EMAIL: z.string().default(PLACEHOLDERS.SUPPORT_EMAIL),
  WHATSAPP_NUMBER: z.string().default(PLACEHOLDERS.WHATSAPP_NUMBER),
  BROKER_REGISTRATION_URL: z.string().default(PLACEHOLDERS.BROKER_REGISTRATION_URL),
  PROMO_CODE: z.string().optional(),
  BOOTCAMP_URL: z.string().default(PLACEHOLDERS.BOOTCAMP_URL),
  /** The Support Hub's hours, "channel=hours; ..." (none are shown until set). */
  SUPPORT_HOURS: z.string().optional(),
  SILVER_DAILY_LIMIT: z.coerce.number().int().positive().default(DEFAULT_SILVER_DAILY_LIMIT),
  /** /api/health says degraded when no signal was issued for a slot plus this long. */
  SIGNAL_STALE_GRACE_MS: z.coerce.number().int().min(0).default(60_000),
  /** /api/health says degraded when this many slots in a row had no market data (a failing or stale feed). */
  NO_DATA_SLOTS_DEGRADED: z.coerce.number().int().min(1).default(3),
  /**
   * Whether webhook endpoints may use http and reach loopback, private and link-local addresses (a
   * receiver on this machine or network while developing). Default: true outside production, false in it.
   */
  WEBHOOK_ALLOW_LOCAL: bool.optional(),
  /** Longest wait for a webhook receiver's status line; past it the try fails and the connection is closed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  /**
   * When a failed webhook is tried again: comma-separated seconds, each the wait after the try before
   * failed (fractions allowed, so tests run the whole schedule in seconds). Each wait is jittered by up
   * to a fifth either way. The default retries at about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.
   */
  WEBHOOK_RETRY_SCHEDULE: z.string().default('5,300,1800,7200,18000,36000,36000').transform(parseRetrySchedule),
  /**
   * An endpoint is disabled once a delivery has used up its whole retry schedule while the endpoint has
   * failed every try for at least this long (default 5 days)...
   */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 86_400_000),
  /** ...and at least this many deliveries in a row used up their schedule (default 1: the time decides). */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(1),
}).and(ZStorageEnv);

export type AppConfig = ReturnType<typeof parseConfig>;

/** `npm run dev -w @signalroom/web` serves the app here and proxies /api and /socket.io to the server. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

const HEADING = 'Invalid configuration:';

/**
 * Parses the environment; throws a ConfigError with one line per problem, all of them at once.
 * `forServer: false` (the admin CLI, which sends no mail and opens only the database) skips the checks
 * that only a serving process needs.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env, options: { forServer?: boolean } = {}) {
  const cleaned = cleanEnv(env);
  // Checks on raw values first, so a refusal lists them with the schema's problems.
  const problems: string[] = [];
  const trustProxy = parseTrustProxy(cleaned.TRUST_PROXY ?? 'false', problems);
  if (cleaned.NODE_ENV === 'production' && !cleaned.SMTP_URL && options.forServer !== false) {
    // Without SMTP, codes and reset links would only reach the log and the outbox: no member could sign up.
    problems.push(
      problemLine(
        'SMTP_URL',
        'required when NODE_ENV=production; mail features (confirmation codes, password resets) need SMTP_URL',
      ),
    );
  }
  let env_: z.output<typeof ZEnv>;
  try {
    env_ = parseEnv(ZEnv, cleaned, HEADING, { wholeShape: options.forServer !== false });
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(HEADING, [...error.problems, ...problems]);
    throw error;
  }
  const supportHours = parseSupportHours(env_.SUPPORT_HOURS);
  if ('problem' in supportHours) problems.push(problemLine('SUPPORT_HOURS', supportHours.problem));
  if (problems.length || 'problem' in supportHours) throw new ConfigError(HEADING, problems);
  return {
    ...env_,
    HOST: env_.HOST ?? (env_.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    trustProxy,
    isProduction: env_.NODE_ENV === 'production',
    webhookAllowLocal: env_.WEBHOOK_ALLOW_LOCAL ?? env_.NODE_ENV !== 'production',
    embeddedWorker: env_.EMBEDDED_WORKER ?? !env_.REDIS_URL,
    supportChatUrl: env_.SUPPORT_CHAT_URL ?? `https://t.me/${env_.SUPPORT_HANDLE.replace(/^@/, '')}`,
    promoCode: env_.PROMO_CODE ?? `${env_.PRODUCT_NAME.toUpperCase()}100`,
    contactsConfigured: contactsConfiguredIn(cleaned),
    supportHours,
    /** Origins besides PUBLIC_URL's; in development, the Vite dev server's unless set. */
    allowedOrigins: env_.ALLOWED_ORIGINS ?? (env_.NODE_ENV === 'development' ? [VITE_DEV_ORIGIN] : []),
  };
}

/**
 * TRUST_PROXY: `false` (default) or the proxies' addresses and CIDRs, comma-separated
 * (`172.28.0.0/16,127.0.0.1`; proxy-addr's names `loopback`, `linklocal`, `uniquelocal` too).
 * `true` is refused: trusting every hop lets any client choose its own address with X-Forwarded-For,
 * which defeats the per-IP limits. A hop count is refused too: it cannot tell the proxy from a client
 * that reaches the server directly (Fastify 5 ignores it for that reason).
 */
function parseTrustProxy(raw: string, problems: string[]): false | string[] {
  const value = raw.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) {
    problems.push(
      '  TRUST_PROXY: "true" would trust every hop, so any client could pick its own IP with X-Forwarded-For and ' +
        'escape the per-IP limits; give the proxy addresses or CIDRs instead (e.g. 172.28.0.0/16 or 127.0.0.1)',
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    problems.push(
      '  TRUST_PROXY: a hop count cannot tell the proxy from a client reaching the server directly; ' +
        'give the proxy addresses or CIDRs instead (e.g. 172.28.0.0/16 or 127.0.0.1)',
    );
    return false;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry) && !PROXY_ADDR_NAMES.includes(entry));
  if (bad.length) {
    problems.push(`  TRUST_PROXY: not an address or CIDR: ${bad.map((b) => b || '(empty)').join(', ')}`);
    return false;
  }
  return entries;
}

const PROXY_ADDR_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
