import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { type ServerProcess, spawnSource, startServerProcess } from '../helpers/processes.js';
import { testShape } from '../helpers/shape.js';

/**
 * The embedded database (PGlite) is one process's: a second server, or `npm run admin` beside a
 * running server, would silently lose writes. Both are refused while the folder is held.
 */
describe.skipIf(testShape !== 'embedded')('one process per PGlite data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sr-lock-'));
  const dataDir = join(dir, 'data');
  let first: ServerProcess | null = null;
  afterAll(async () => {
    if (first && first.child.exitCode === null) {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second server and the admin CLI while a server runs; the CLI works once it stopped', async () => {
    first = await startServerProcess({ DATA_DIR: dataDir });
    const folder = realpathSync(dataDir);

    const second = spawnSource('server/src/main.ts', [], {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
    });
    expect(await second.waitForExit(30_000)).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${folder} is in use by another Signalroom process (PID ${first.child.pid}`,
    );
    expect(second.output()).toContain('Stop that process first, or use the distributed shape (DATABASE_URL)');

    const cli = () =>
      spawnSource('server/src/cli/admin.ts', ['create', 'owner@example.com', 'Cl1Password', 'Owner'], {
        DATA_DIR: dataDir,
      });
    const refused = cli();
    expect(await refused.waitForExit(30_000)).toBe(1);
    expect(refused.output()).toContain(`The Signalroom server is running on ${folder} (PID ${first.child.pid})`);
    expect(refused.output()).toContain('Stop the server first');

    first.child.kill('SIGTERM');
    expect(await first.waitForExit(15_000)).toBe(0);

    const accepted = cli();
    expect(await accepted.waitForExit(30_000)).toBe(0);
    expect(accepted.output()).toContain('Admin owner@example.com created.');
    const database = await openDatabase({ dataDir });
    try {
      const row = await database.db
        .selectFrom('users')
        .select('role')
        .where('email', '=', 'owner@example.com')
        .executeTakeFirst();
      expect(row?.role).toBe('admin');
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a second open inside one process too (tests, scripts)', async () => {
    // The folder the first test created (a fresh one would cost a PGlite initdb).
    const held = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by another/);
    } finally {
      await held.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  });
});
