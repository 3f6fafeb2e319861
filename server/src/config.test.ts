import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';

describe('parseConfig', () => {
  it('runs the embedded shape with nothing set', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.embeddedWorker).toBe(true);
    expect(config.promoCode).toBe('SIGNALROOM100');
    expect(config.TIME_ZONE).toBe('Africa/Lagos');
    expect(config.SILVER_DAILY_LIMIT).toBe(10);
  });

  it('runs the worker elsewhere once Redis is configured, unless told otherwise', () => {
    const distributed = { DATABASE_URL: 'postgres://u@localhost:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(parseConfig(distributed).embeddedWorker).toBe(false);
    expect(parseConfig({ ...distributed, EMBEDDED_WORKER: 'true' }).embeddedWorker).toBe(true);
  });

  it('refuses half of the distributed shape: one of DATABASE_URL and REDIS_URL without the other', () => {
    expect(() => parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/DATABASE_URL: required with REDIS_URL/);
    expect(() => parseConfig({ DATABASE_URL: 'postgres://u@localhost/db' })).toThrow(
      /REDIS_URL: required with DATABASE_URL/,
    );
  });

  it('refuses a time zone Intl does not know, before any slot runs into it', () => {
    expect(() => parseConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE: not an IANA time zone/);
    expect(parseConfig({ TIME_ZONE: 'Europe/London' }).TIME_ZONE).toBe('Europe/London');
  });

  it('prints one line per problem, schema and cross-key checks together', () => {
    let message = '';
    try {
      parseConfig({ PORT: 'eighty', TRUST_PROXY: 'true', TIME_ZONE: 'Nowhere', REDIS_URL: 'redis://r:6379' });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((line) => line.trim().split(':')[0])).toEqual([
      'TIME_ZONE',
      'PORT',
      'DATABASE_URL',
      'TRUST_PROXY',
    ]);
  });

  it('derives the promo code from the product name', () => {
    expect(parseConfig({ PRODUCT_NAME: 'Tradehaus' }).promoCode).toBe('TRADEHAUS100');
    expect(parseConfig({ PRODUCT_NAME: 'Tradehaus', PROMO_CODE: 'WELCOME' }).promoCode).toBe('WELCOME');
  });

  it('fails fast listing every bad variable at once', () => {
    let message = '';
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', ADMIN_EMAIL: 'nobody', SILVER_DAILY_LIMIT: '-3' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    for (const key of ['PORT', 'DATABASE_URL', 'ADMIN_EMAIL', 'SILVER_DAILY_LIMIT']) expect(message).toContain(key);
  });

  it('reads ALLOWED_ORIGINS as a list of origins, and refuses anything else', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' };
    const config = parseConfig({ ...production, ALLOWED_ORIGINS: 'https://www.example.com, http://10.0.0.5:8080/' });
    expect(config.allowedOrigins).toEqual(['https://www.example.com', 'http://10.0.0.5:8080']);
    expect(parseConfig(production).allowedOrigins).toEqual([]);
    expect(parseConfig({ NODE_ENV: 'development' }).allowedOrigins).toEqual(['http://localhost:5173']);
    expect(() => parseConfig({ ALLOWED_ORIGINS: 'https://ok.example.com,https://x.example.com/path' })).toThrow(
      /ALLOWED_ORIGINS/,
    );
    expect(() => parseConfig({ ALLOWED_ORIGINS: 'ftp://files.example.com' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('reads the webhook retry schedule as waits in milliseconds, and refuses anything else', () => {
    expect(parseConfig({}).WEBHOOK_RETRY_SCHEDULE).toEqual(
      [5, 300, 1800, 7200, 18000, 36000, 36000].map((s) => s * 1000),
    );
    expect(parseConfig({ WEBHOOK_RETRY_SCHEDULE: '0.2, 0.5,1' }).WEBHOOK_RETRY_SCHEDULE).toEqual([200, 500, 1000]);
    expect(() => parseConfig({ WEBHOOK_RETRY_SCHEDULE: '5,soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE: .*soon/);
    expect(() => parseConfig({ WEBHOOK_RETRY_SCHEDULE: '5,-1' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => parseConfig({ WEBHOOK_RETRY_SCHEDULE: '90000' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('binds loopback by default outside production, every interface in production', () => {
    expect(parseConfig({}).HOST).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).HOST).toBe('0.0.0.0');
    expect(parseConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('trusts only the proxies it is given, and refuses TRUST_PROXY=true and hop counts', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '172.28.0.0/16, 127.0.0.1' }).trustProxy).toEqual(['172.28.0.0/16', '127.0.0.1']);
    expect(parseConfig({ TRUST_PROXY: '::1,fd00::/8,loopback' }).trustProxy).toEqual(['::1', 'fd00::/8', 'loopback']);
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would trust every hop/);
    expect(() => parseConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY: a hop count/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33,nginx' })).toThrow(
      /not an address or CIDR: 10.0.0.0\/33, nginx/,
    );
  });

  it('refuses production without SMTP_URL instead of logging confirmation codes', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: required when NODE_ENV=production; mail features .* need SMTP_URL/,
    );
    expect(parseConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });

  it('reads the shutdown, database and idle-session bounds', () => {
    expect(parseConfig({})).toMatchObject({
      SHUTDOWN_TIMEOUT_MS: 10_000,
      DB_STATEMENT_TIMEOUT_MS: 5000,
      DB_CONNECTION_TIMEOUT_MS: 5000,
      DB_QUERY_TIMEOUT_MS: 6000,
      SESSION_IDLE_DAYS: 14,
    });
    expect(parseConfig({ SHUTDOWN_TIMEOUT_MS: '3000', SESSION_IDLE_DAYS: '7' })).toMatchObject({
      SHUTDOWN_TIMEOUT_MS: 3000,
      SESSION_IDLE_DAYS: 7,
    });
  });

  it('refuses a client-side database bound that would cut PostgreSQL statements before it cancels them', () => {
    expect(() => parseConfig({ DB_STATEMENT_TIMEOUT_MS: '8000' })).toThrow(
      /DB_QUERY_TIMEOUT_MS: must be above DB_STATEMENT_TIMEOUT_MS \(8000\)/,
    );
    expect(parseConfig({ DB_STATEMENT_TIMEOUT_MS: '8000', DB_QUERY_TIMEOUT_MS: '9000' }).DB_QUERY_TIMEOUT_MS).toBe(
      9000,
    );
  });
});

describe('operator contacts', () => {
  it('marks every contact as not configured when only the shipped placeholders are in force', () => {
    expect(parseConfig({}).contactsConfigured).toEqual({
      supportChat: false,
      supportEmail: false,
      whatsapp: false,
      brokerRegistration: false,
      bootcamp: false,
    });
  });

  it('marks the contacts the environment really sets as configured', () => {
    const config = parseConfig({
      SUPPORT_HANDLE: '@acme_help',
      SUPPORT_EMAIL: 'help@acme-trading.com',
      WHATSAPP_NUMBER: '+2348012345678',
      BROKER_REGISTRATION_URL: 'https://partner-broker.com/r/acme',
      BOOTCAMP_URL: 'https://acme-bootcamp.com',
    });
    expect(Object.values(config.contactsConfigured).every(Boolean)).toBe(true);
  });

  it('publishes no support hours until SUPPORT_HOURS sets them, and refuses a malformed pair', () => {
    expect(parseConfig({}).supportHours).toEqual([]);
    expect(parseConfig({ SUPPORT_HOURS: 'Live chat=24/7; E-mail=Reply within 24 hours' }).supportHours).toEqual([
      { channel: 'Live chat', hours: '24/7' },
      { channel: 'E-mail', hours: 'Reply within 24 hours' },
    ]);
    expect(() => parseConfig({ SUPPORT_HOURS: 'Live chat 24/7' })).toThrow(/SUPPORT_HOURS/);
  });

  it('does not take a placeholder set on purpose for a real contact', () => {
    const config = parseConfig({
      SUPPORT_HANDLE: '@signalroom_support',
      SUPPORT_EMAIL: 'help@shop.example.com',
      WHATSAPP_NUMBER: '+234 000 000 0000',
      BROKER_REGISTRATION_URL: 'https://broker.test/register',
      BOOTCAMP_URL: 'http://localhost:4000',
    });
    expect(Object.values(config.contactsConfigured).some(Boolean)).toBe(false);
  });
});

describe('PUBLIC_URL', () => {
  it('is optional: without it, e-mail links use the address the server listens on', () => {
    expect(parseConfig({}).PUBLIC_URL).toBeUndefined();
    expect(parseConfig({ PUBLIC_URL: 'https://signals.acme.com' }).PUBLIC_URL).toBe('https://signals.acme.com');
  });
});
