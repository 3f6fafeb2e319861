import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StartupError } from '@signalroom/shared-node';
import lockfile from 'proper-lockfile';

/** Folders this process holds: a second open in the same process is refused like another process's. */
const heldHere = new Set<string>();
const OWNER_FILE = '.signalroom-owner.json';

interface Owner {
  pid: number;
  host: string;
  since: string;
  command: string;
}

/** Another process holds the data folder. `holder` is its PID when the owner file names one. */
export class DataDirLockedError extends StartupError {
  override name = 'DataDirLockedError';
  constructor(
    readonly dir: string,
    readonly holder: number | null,
  ) {
    super(
      `The data folder ${dir} is in use by another Signalroom process${holder ? ` (PID ${holder}, see ${join(dir, OWNER_FILE)})` : ''}. ` +
        'The embedded database (PGlite) takes one process at a time: two would silently lose writes. ' +
        'Stop that process first, or use the distributed shape (DATABASE_URL) to run several.',
    );
  }
}

function readOwner(dir: string): Owner | null {
  try {
    return JSON.parse(readFileSync(join(dir, OWNER_FILE), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Holds `<dir>.lock` (proper-lockfile: an atomic mkdir whose mtime the holder refreshes) for as long as
 * this process uses the PGlite folder, and writes the holder's PID beside the data for the message a
 * second process prints. A lock left by a process that died is taken over: after `staleMs` without a
 * refresh (30 s), or at once when the owner file names a PID of this host that no longer runs (or this very
 * PID, as after a container restart). Returns the release function.
 */
export async function lockDataDir(
  dataDir: string,
  options: { onLost?: (error: Error) => void; staleMs?: number } = {},
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const dir = realpathSync(dataDir);
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, process.pid);
  const settings = {
    stale: options.staleMs ?? 30_000,
    retries: 0,
    realpath: false,
    onCompromised: (error: Error) => {
      if (options.onLost) options.onLost(error);
      else throw error;
    },
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, settings);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(dir);
    const dead = owner && owner.host === hostname() && (owner.pid === process.pid || !isAlive(owner.pid));
    if (!dead) throw new DataDirLockedError(dir, owner?.pid ?? null);
    rmSync(`${dir}.lock`, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dir, settings);
    } catch {
      throw new DataDirLockedError(dir, owner?.pid ?? null);
    }
  }
  heldHere.add(dir);
  const owner: Owner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  writeFileSync(join(dir, OWNER_FILE), `${JSON.stringify(owner)}\n`);
  return async () => {
    heldHere.delete(dir);
    rmSync(join(dir, OWNER_FILE), { force: true });
    await release().catch((error: Error) => {
      // Released already (compromised or removed by hand): the folder is free either way; say so.
      console.warn(`data folder lock on ${dir} was not released cleanly: ${error.message}`);
    });
  };
}

/** The folder on disk of a PGlite location, or null for one that is not a folder (memory://, idb://). */
export function dataDirFolder(dataDir: string): string | null {
  if (dataDir.startsWith('file://')) return dataDir.slice('file://'.length);
  return /^[a-z]+:\/\//i.test(dataDir) ? null : dataDir;
}
