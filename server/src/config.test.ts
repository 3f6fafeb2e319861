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
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).embeddedWorker).toBe(false);
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379', EMBEDDED_WORKER: 'true' }).embeddedWorker).toBe(true);
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
    const config = parseConfig({
      NODE_ENV: 'production',
      ALLOWED_ORIGINS: 'https://www.example.com, http://10.0.0.5:8080/',
    });
    expect(config.allowedOrigins).toEqual(['https://www.example.com', 'http://10.0.0.5:8080']);
    expect(parseConfig({ NODE_ENV: 'production' }).allowedOrigins).toEqual([]);
    expect(parseConfig({ NODE_ENV: 'development' }).allowedOrigins).toEqual(['http://localhost:5173']);
    expect(() => parseConfig({ ALLOWED_ORIGINS: 'https://ok.example.com,https://x.example.com/path' })).toThrow(
      /ALLOWED_ORIGINS/,
    );
    expect(() => parseConfig({ ALLOWED_ORIGINS: 'ftp://files.example.com' })).toThrow(/ALLOWED_ORIGINS/);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
