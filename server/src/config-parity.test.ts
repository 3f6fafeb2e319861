import { parseWorkerConfig } from '@signalroom/worker';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';

/**
 * The server and the standalone worker must accept and refuse the same values for the settings they
 * share: a value one accepts and the other refuses starts a deployment that fails at the first slot.
 * Every sample goes to both loaders; the test fails when their verdicts (or the keys they blame) differ.
 */
const distributed = { DATABASE_URL: 'postgres://u@localhost:5432/db', REDIS_URL: 'redis://localhost:6379' };

const samples: Record<string, string | undefined>[] = [
  {},
  { TIME_ZONE: 'Europe/London' },
  { TIME_ZONE: 'Mars/Olympus' },
  { TIME_ZONE: 'lagos' },
  { TIME_ZONE: 'UTC' },
  { REDIS_NAMESPACE: 'srtest:a-1' },
  { REDIS_NAMESPACE: 'bad space' },
  { SIGNAL_INTERVAL_MS: '2000' },
  { SIGNAL_INTERVAL_MS: '5' },
  { SIGNAL_INTERVAL_MS: 'soon' },
  { MARKET_FEED_URL: 'http://feed.local/v1' },
  { MARKET_FEED_URL: 'feed' },
  { MARKET_SEED: 'abc' },
  { LOG_LEVEL: 'debug' },
  { LOG_LEVEL: 'loud' },
  { DB_STATEMENT_TIMEOUT_MS: '50' },
  { SHUTDOWN_TIMEOUT_MS: '500' },
  { SHUTDOWN_TIMEOUT_MS: '200000' },
  { SCHEDULER_CHECK_MS: '10' },
  { DATABASE_URL: 'not a url' },
  { REDIS_URL: 'nope' },
  // Half of the distributed shape: both refuse it.
  { DATABASE_URL: undefined, MARKET_SEED: 'redis only' },
  { REDIS_URL: undefined, MARKET_SEED: 'database only' },
  { DATABASE_URL: '' },
];

function verdict(parse: () => unknown): { accepted: boolean; keys: string[] } {
  try {
    parse();
    return { accepted: true, keys: [] };
  } catch (error) {
    const lines = (error as Error).message.split('\n').slice(1);
    return { accepted: false, keys: lines.map((line) => line.trim().split(':')[0] ?? '').sort() };
  }
}

describe('server and worker configuration', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample, (_key, value) => value ?? null), sample]))(
    'agree on %s',
    (_name, sample) => {
      const env = { ...distributed, ...sample };
      const server = verdict(() => parseConfig(env));
      const worker = verdict(() => parseWorkerConfig(env));
      expect(server).toEqual(worker);
    },
  );

  it('include refusals in the samples, so agreement is not only on accepting everything', () => {
    const refused = samples.filter((sample) => !verdict(() => parseConfig({ ...distributed, ...sample })).accepted);
    expect(refused.length).toBeGreaterThan(10);
  });
});
