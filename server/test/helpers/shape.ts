import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which shape the integration suite runs on. `embedded` (default): PGlite in memory and the
 * in-process bus. `distributed`: a fresh PostgreSQL database per call and a private Redis namespace,
 * from TEST_DATABASE_URL and TEST_REDIS_URL.
 */
export const testShape: 'embedded' | 'distributed' =
  process.env.SR_TEST_SHAPE === 'distributed' ? 'distributed' : 'embedded';

export interface ShapeEnv {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** Creates the storage one test server needs in the current shape. */
export async function prepareShape(): Promise<ShapeEnv> {
  if (testShape === 'embedded') {
    return { env: { DATA_DIR: 'memory://' }, cleanup: async () => {} };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!baseUrl || !redisUrl) throw new Error('SR_TEST_SHAPE=distributed needs TEST_DATABASE_URL and TEST_REDIS_URL');
  const name = `sr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, REDIS_NAMESPACE: `srtest:${name}` },
    async cleanup() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
