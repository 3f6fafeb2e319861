import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File of a PGlite data-folder dump with every migration applied, or '' when not made. */
    pgliteImagePath: string;
    /** Name of a PostgreSQL database with every migration applied, copied for each test server, or ''. */
    templateDatabase: string;
  }
}

/**
 * Vitest global set-up: migrates one database per run and hands it to every test file, which starts its
 * servers from a copy. Initialising PGlite takes about two seconds and each file starts at least one
 * server; a PostgreSQL database copied from a template skips the migrations. The migrations still run
 * from an empty database on both kinds once per run, here (a failing one fails the run), and every
 * server still runs the migrator at start (it finds nothing to do).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const imagePath = await makePgliteImage();
  project.provide('pgliteImagePath', imagePath);
  const template = process.env.SR_TEST_SHAPE === 'distributed' ? await makeTemplateDatabase() : null;
  project.provide('templateDatabase', template?.name ?? '');
  return async () => {
    await rm(imagePath, { force: true });
    await template?.drop();
  };
}

async function makePgliteImage(): Promise<string> {
  const pglite = await PGlite.create('memory://');
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const image = await pglite.dumpDataDir('none');
    const folder = fileURLToPath(new URL('../../../.test-data/images/', import.meta.url));
    await mkdir(folder, { recursive: true });
    const path = `${folder}migrated-${process.pid}.tar`;
    await writeFile(path, Buffer.from(await image.arrayBuffer()));
    return path;
  } finally {
    await db.destroy();
  }
}

async function makeTemplateDatabase(): Promise<{ name: string; drop(): Promise<void> } | null> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return null;
  const name = `sr_template_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
  });
  try {
    await migrateToLatest(db);
  } finally {
    // A template database must have no connection open while it is copied.
    await db.destroy();
  }
  return { name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
