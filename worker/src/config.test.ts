import { describe, expect, it } from 'vitest';
import { parseWorkerConfig } from './config.js';

const base = { DATABASE_URL: 'postgres://u@localhost:5432/db', REDIS_URL: 'redis://localhost:6379' };

describe('parseWorkerConfig', () => {
  it('applies the defaults: 5-minute slots, Lagos time, signalroom namespace', () => {
    expect(parseWorkerConfig(base)).toMatchObject({
      SIGNAL_INTERVAL_MS: 300_000,
      TIME_ZONE: 'Africa/Lagos',
      REDIS_NAMESPACE: 'signalroom',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: 10_000,
      DB_STATEMENT_TIMEOUT_MS: 5000,
      DB_QUERY_TIMEOUT_MS: 6000,
      SCHEDULER_CHECK_MS: 30_000,
    });
  });

  it('reads a shorter interval for tests and a feed URL', () => {
    const c = parseWorkerConfig({ ...base, SIGNAL_INTERVAL_MS: '2000', MARKET_FEED_URL: 'http://feed.local/v1' });
    expect(c.SIGNAL_INTERVAL_MS).toBe(2000);
    expect(c.MARKET_FEED_URL).toBe('http://feed.local/v1');
  });

  it('lists every bad key at once, one line each', () => {
    expect(() => parseWorkerConfig({ REDIS_URL: 'nope', SIGNAL_INTERVAL_MS: '5' })).toThrow(
      /DATABASE_URL[\s\S]*REDIS_URL[\s\S]*SIGNAL_INTERVAL_MS/,
    );
  });

  it('refuses an unknown time zone', () => {
    expect(() => parseWorkerConfig({ ...base, TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE/);
  });
});
