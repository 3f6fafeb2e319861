import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { StartOptions } from '../../src/server.js';

/**
 * Which shape the integration suite runs on. `embedded` (default): PGlite in memory and the
 * in-process bus. `distributed`: a fresh PostgreSQL database per call and a private Redis namespace,
 * from TEST_DATABASE_URL and TEST_REDIS_URL.
 */
export const testShape: 'embedded' | 'distributed' =
  process.env.SR_TEST_SHAPE === 'distributed' ? 'distributed' : 'embedded';

export interface ShapeEnv {
  env: Record<string, string>;
  /** Start options of a server in this shape (the migrated PGlite image when embedded). */
  startOptions: StartOptions;
  cleanup(): Promise<void>;
}

let pgliteImage: Promise<Blob | undefined> | undefined;

/** What the run's global set-up provided; '' outside Vitest (the screenshot and bench scripts). */
function provided(key: 'pgliteImagePath' | 'templateDatabase'): string {
  return process.env.VITEST ? inject(key) : '';
}

/** The run's migrated PGlite image (see migrated-databases.ts), read once per test worker. */
function migratedPgliteImage(): Promise<Blob | undefined> {
  pgliteImage ??= (async () => {
    const path = provided('pgliteImagePath');
    return path ? new Blob([await readFile(path)]) : undefined;
  })();
  return pgliteImage;
}

/** Creates the storage one test server needs in the current shape. */
export async function prepareShape(): Promise<ShapeEnv> {
  if (testShape === 'embedded') {
    const image = await migratedPgliteImage();
    return {
      env: { DATA_DIR: 'memory://' },
      startOptions: image ? { pgliteImage: image } : {},
      cleanup: async () => {},
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!baseUrl || !redisUrl) throw new Error('SR_TEST_SHAPE=distributed needs TEST_DATABASE_URL and TEST_REDIS_URL');
  const name = `sr_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const template = provided('templateDatabase');
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, REDIS_NAMESPACE: `srtest:${name}` },
    startOptions: {},
    async cleanup() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
