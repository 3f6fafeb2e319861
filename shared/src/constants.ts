/** Business constants (limits, prices, timings), defined once. */

export const TIERS = ['guest', 'silver', 'pro', 'gold'] as const;
export type Tier = (typeof TIERS)[number];

export const ACCESS_LEVELS = ['free', 'basic', 'deposited', 'premium'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** `analyst`: a member who also publishes signals on the desk; `admin`: everything, the desk included. */
export const ROLES = ['member', 'analyst', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ACCESS_PATHS = ['manual', 'auto'] as const;
export type AccessPath = (typeof ACCESS_PATHS)[number];

/** Keys under which the web app keeps the session in localStorage. */
export const STORAGE_KEYS = {
  token: 'signalroom.authToken',
  user: 'signalroom.userData',
  /** This browser's device token: kept across logouts, its logins pass the account lock. */
  device: 'signalroom.deviceToken',
} as const;

export const LIMITS = {
  fullNameMin: 3,
  passwordMin: 8,
  confirmationCodeLength: 10,
  confirmationCodeTtlMs: 15 * 60 * 1000,
  confirmationCodeMaxAttempts: 5,
  resendCooldownSeconds: 60,
  resetTokenBytes: 32,
  resetTokenTtlMs: 60 * 60 * 1000,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  trialDurationMs: 24 * 60 * 60 * 1000,
  /** How long an issued dashboard code works. */
  dashboardCodeTtlMs: 7 * 24 * 60 * 60 * 1000,
  botAccessPhoneMin: 7,
  botAccessPhoneMax: 15,
  /** The page of every admin list: members, applications, tickets, proofs, the audit log, deliveries. */
  adminPageSize: 50,
  adminSearchDebounceMs: 500,
} as const;

export const TIMING = {
  signalIntervalMs: 5 * 60 * 1000,
  signalValidityMs: 5 * 60 * 1000,
  martingaleMaxLevel: 3,
  signalPollMs: 2000,
  clockTickMs: 1000,
  /**
   * Offer countdown sync points: clients render every second from the deadline and a clock offset, so
   * the server re-pushes an unchanged countdown only this often, to correct drift (a change or reset goes
   * out at once; COUNTDOWN_SYNC_MS sets it per deployment). Each is a frame to every open page.
   */
  countdownSyncMs: 60_000,
  /** How often a page without a socket (the landing page) re-reads the countdown over HTTP. */
  countdownPollMs: 10_000,
  offerWindowMs: 8 * 60 * 60 * 1000,
  testimonialRotationMs: 5000,
  upgradeProcessingMs: 1500,
  resetRedirectMs: 3000,
  scrollOverlayThresholdPx: 200,
} as const;

/** Silver's daily allowance unless the operator sets another (SILVER_DAILY_LIMIT; the product also gives 25). */
export const DEFAULT_SILVER_DAILY_LIMIT = 10;

/** Daily full-signal allowance per tier; null means unlimited. Silver is an operator setting. */
export const DEFAULT_TIER_DAILY_SIGNAL_LIMITS: Record<Exclude<Tier, 'guest'>, number | null> = {
  silver: DEFAULT_SILVER_DAILY_LIMIT,
  pro: 50,
  gold: null,
};

/** Minimum deposits (USD) that the marketing copy ties to each tier, and the wizard's paths. */
export const TIER_MIN_DEPOSIT_USD = { silver: 20, pro: 100, gold: 500 } as const;
export const ACCESS_PATH_MIN_DEPOSIT_USD = { manual: 30, auto: 500 } as const;
export const BOT_ACCESS_MIN_DEPOSIT_USD = 50;
export const PROMO_MIN_DEPOSIT_USD = 100;

export const COUNTRIES = [
  'Nigeria',
  'United States',
  'United Kingdom',
  'Canada',
  'Australia',
  'South Africa',
  'Ghana',
  'Kenya',
  'India',
  'Germany',
  'France',
  'Other',
] as const;

/**
 * A dial code of the bot-access form with its country's ISO 3166-1 alpha-2 code. The list shows codes,
 * not emoji flags: Linux and Windows draw emoji flags as empty boxes, and an <option> cannot hold an image.
 */
export interface DialCode {
  code: string;
  iso: string;
  name: string;
}

export const DIAL_CODES: readonly DialCode[] = [
  { code: '+1', iso: 'US', name: 'US/CA' },
  { code: '+44', iso: 'GB', name: 'UK' },
  { code: '+234', iso: 'NG', name: 'Nigeria' },
  { code: '+233', iso: 'GH', name: 'Ghana' },
  { code: '+254', iso: 'KE', name: 'Kenya' },
  { code: '+27', iso: 'ZA', name: 'South Africa' },
  { code: '+91', iso: 'IN', name: 'India' },
  { code: '+60', iso: 'MY', name: 'Malaysia' },
  { code: '+65', iso: 'SG', name: 'Singapore' },
  { code: '+61', iso: 'AU', name: 'Australia' },
  { code: '+49', iso: 'DE', name: 'Germany' },
  { code: '+33', iso: 'FR', name: 'France' },
  { code: '+39', iso: 'IT', name: 'Italy' },
  { code: '+34', iso: 'ES', name: 'Spain' },
  { code: '+31', iso: 'NL', name: 'Netherlands' },
  { code: '+971', iso: 'AE', name: 'UAE' },
  { code: '+966', iso: 'SA', name: 'Saudi Arabia' },
  { code: '+86', iso: 'CN', name: 'China' },
  { code: '+81', iso: 'JP', name: 'Japan' },
  { code: '+82', iso: 'KR', name: 'South Korea' },
];
export const DEFAULT_DIAL_CODE = '+234';

/** Assets the signal engine trades. */
export const SIGNAL_ASSETS = [
  'EUR/USD (OTC)',
  'GBP/USD',
  'USD/JPY',
  'AUD/USD',
  'USD/CAD',
  'GBP/JPY',
  'XAU/USD',
] as const;
export type SignalAsset = (typeof SIGNAL_ASSETS)[number];
