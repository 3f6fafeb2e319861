import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../helpers/processes.js';
import { testShape } from '../helpers/shape.js';

/** Every path under `folder` (itself included) with its permission bits. */
function modesUnder(folder: string): { path: string; folder: boolean; mode: number }[] {
  const found: { path: string; folder: boolean; mode: number }[] = [];
  const pending = [folder];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    const stats = lstatSync(path);
    found.push({ path, folder: stats.isDirectory(), mode: stats.mode & 0o777 });
    if (stats.isDirectory()) for (const name of readdirSync(path)) pending.push(join(path, name));
  }
  return found;
}

/** Gives group and others read (and folders' search) permission, as a default umask or a copy would. */
function loosen(folder: string): number {
  const paths = modesUnder(folder);
  for (const { path, folder: isFolder } of paths) chmodSync(path, isFolder ? 0o755 : 0o644);
  return paths.length;
}

/**
 * The embedded database's folder holds every secret of the deployment: a server on a folder other users
 * can read makes it private at start (folder 700, files 600, PGlite's own included), says so, and what it
 * writes later stays private.
 */
describe.skipIf(testShape !== 'embedded')('the embedded data folder is private to its user', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sr-modes-'));
  const dataDir = join(dir, 'data');
  let server: ServerProcess | null = null;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  async function stop(running: ServerProcess): Promise<void> {
    running.child.kill('SIGTERM');
    expect(await running.waitForExit(20_000)).toBe(0);
  }

  it('fixes a 755 folder and its 644 files at start with a warning, and keeps new files 600', async () => {
    // A folder made with the usual umask, holding a file already (a backup put back, a key copied in).
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'restored-secret.json'), '{"key":"secret"}');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'restored-secret.json'), 0o644);
    const folder = realpathSync(dataDir);

    server = await startServerProcess({ DATA_DIR: dataDir });
    const log = server.output();
    expect(log).toContain(`The data folder ${folder} was readable by other users of this machine`);
    expect(log).toContain(`${folder} (755 to 700)`);
    expect(log).toContain(`${join(folder, 'restored-secret.json')} (644 to 600)`);
    // PGlite created its whole database after the fix: each of its files is private from the start.
    const created = modesUnder(dataDir);
    expect(created.length).toBeGreaterThan(100);
    expect(created.filter((entry) => entry.mode !== (entry.folder ? 0o700 : 0o600))).toEqual([]);
    await stop(server);

    // An older version (or a copy) left everything readable: the next start fixes all of it.
    const loosened = loosen(dataDir);
    server = await startServerProcess({ DATA_DIR: dataDir });
    expect(server.output()).toContain(`made ${loosened} paths private to this user (folders 700, files 600)`);
    expect(modesUnder(dataDir).filter((entry) => entry.mode !== (entry.folder ? 0o700 : 0o600))).toEqual([]);
    await stop(server);
  }, 150_000);
});
