import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TSessionData } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/admin.js';
import { lockDataDir } from '../../src/db/data-dir-lock.js';
import { openDatabase } from '../../src/db/database.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

describe('admin bootstrap from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'B00tstrapPass' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a verified admin who can log in and use the admin calls', async () => {
    const login = await server.api<TSessionData>('POST', '/api/auth/login', {
      body: { email: 'owner@example.com', password: 'B00tstrapPass' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data?.user).toMatchObject({ role: 'admin', emailVerified: true });
    const list = await server.api('GET', '/api/admin/users', { token: login.body.data!.token });
    expect(list.status).toBe(200);
  });

  it('is idempotent: a second start changes nothing and keeps one account', async () => {
    const { runStartupTasks } = await import('../../src/startup.js');
    await runStartupTasks(server.context);
    const rows = await server.context.db.selectFrom('users').selectAll().execute();
    expect(rows.filter((r) => r.email.toLowerCase() === 'owner@example.com')).toHaveLength(1);
  });
});

describe('npm run admin -- create | promote | revoke', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sr-admin-cli-'));
  const env = { NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' };
  // A registry of running servers of its own: test servers of other files run on folders of theirs.
  const registry = mkdtempSync(join(tmpdir(), 'sr-admin-cli-registry-'));
  const cli = { registry };
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(registry, { recursive: true, force: true });
  });

  it('refuses to create a new database while a server runs on another folder, and names that folder', async () => {
    const serverDir = mkdtempSync(join(tmpdir(), 'sr-admin-cli-server-'));
    const release = await lockDataDir(serverDir, { registry });
    const stray = join(tmpdir(), `sr-admin-cli-stray-${process.pid}`);
    try {
      await expect(
        runAdminCommand(['create', 'owner@example.com', 'Cl1Password'], { ...env, DATA_DIR: stray }, cli),
      ).rejects.toThrow(
        `No database in ${stray}, and a Signalroom server (PID ${process.pid}) is running on ${realpathSync(serverDir)}. ` +
          'This command would create a second, empty database that server never reads. ' +
          `Run it with DATA_DIR=${realpathSync(serverDir)}`,
      );
      expect(existsSync(stray)).toBe(false);
    } finally {
      await release();
      rmSync(serverDir, { recursive: true, force: true });
    }
    // Once that server stopped, nothing is registered: the folder it used is no longer named.
    expect(readdirSync(registry)).toEqual([]);
  });

  async function roleOf(email: string): Promise<string | undefined> {
    const database = await openDatabase({ dataDir: dir });
    try {
      const row = await database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst();
      return row?.role;
    } finally {
      await database.close();
    }
  }

  /** The outcome line; the second line names the database (checked below). */
  const outcome = async (argv: string[]) => (await runAdminCommand(argv, env, cli)).split('\n')[0];

  it('creates, promotes and revokes admins, refusing to remove the last one', async () => {
    // The first command made the database: it says so, and where, so a wrong DATA_DIR is seen at once.
    expect(await runAdminCommand(['create', 'first@example.com', 'Cl1Password', 'First', 'Admin'], env, cli)).toBe(
      'Admin first@example.com created.\n' +
        `Database: a NEW embedded one, created in ${dir}: no server had used this folder. If your server runs ` +
        'with another DATA_DIR, run this command again with that DATA_DIR set.',
    );
    expect(await runAdminCommand(['promote', 'first@example.com'], env, cli)).toBe(
      `first@example.com is already an admin.\nDatabase: the embedded one in ${dir} (DATA_DIR).`,
    );
    expect(await roleOf('first@example.com')).toBe('admin');
    await expect(runAdminCommand(['create', 'weak@example.com', 'weakpass'], env, cli)).rejects.toThrow(
      'Password must contain uppercase, lowercase, and number',
    );
    await expect(runAdminCommand(['revoke', 'first@example.com'], env, cli)).rejects.toThrow('last admin');
    await expect(runAdminCommand(['promote', 'nobody@example.com'], env, cli)).rejects.toThrow('No account');

    const database = await openDatabase({ dataDir: dir });
    await database.db
      .insertInto('users')
      .values({
        email: 'second@example.com',
        full_name: 'Second',
        phone: '',
        country: '',
        telegram: null,
        password_hash: 'x',
        admission_code: 'SR-CLITEST1',
      })
      .execute();
    await database.close();

    expect(await outcome(['promote', 'second@example.com'])).toBe('second@example.com is now an admin.');
    expect(await roleOf('second@example.com')).toBe('admin');
    expect(await outcome(['revoke', 'first@example.com'])).toBe('first@example.com is no longer an admin.');
    expect(await roleOf('first@example.com')).toBe('member');
    await expect(runAdminCommand(['frobnicate', 'x@example.com'], env, cli)).rejects.toThrow('Usage');
  }, 60_000);
});
