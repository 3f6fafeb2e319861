import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
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

/**
 * Where every process holding a data folder on this machine says which (one small file each), so the
 * admin CLI, pointed at a folder no server uses, can name the folder the running server does use.
 */
export const DATA_DIR_REGISTRY = join(tmpdir(), 'signalroom-data-dirs');

interface Registered {
  pid: number;
  host: string;
  dir: string;
}

function registryFile(registry: string, dir: string): string {
  return join(registry, `${process.pid}-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}.json`);
}

/** The data folders that live processes of this machine hold, as they registered them. */
export function runningDataDirs(registry: string = DATA_DIR_REGISTRY): Registered[] {
  let names: string[];
  try {
    names = readdirSync(registry);
  } catch (error) {
    // No folder: no process ever registered here. Any other failure must not pass for "none running",
    // or the admin CLI would create a second database beside a running server.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const live: Registered[] = [];
  for (const name of names) {
    try {
      const entry = JSON.parse(readFileSync(join(registry, name), 'utf8')) as Registered;
      if (entry.host === hostname() && isAlive(entry.pid)) live.push(entry);
    } catch {
      // A file being written or removed right now: that process is starting or stopping.
    }
  }
  return live;
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
  options: { onLost?: (error: Error) => void; staleMs?: number; registry?: string } = {},
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
  const registered = register(options.registry ?? DATA_DIR_REGISTRY, dir);
  return async () => {
    heldHere.delete(dir);
    if (registered) rmSync(registered, { force: true });
    rmSync(join(dir, OWNER_FILE), { force: true });
    await release().catch((error: Error) => {
      // Released already (compromised or removed by hand): the folder is free either way; say so.
      console.warn(`data folder lock on ${dir} was not released cleanly: ${error.message}`);
    });
  };
}

/** Says which folder this process holds; a registry that cannot be written only costs the CLI's hint. */
function register(registry: string, dir: string): string | null {
  try {
    mkdirSync(registry, { recursive: true });
    const file = registryFile(registry, dir);
    const entry: Registered = { pid: process.pid, host: hostname(), dir };
    writeFileSync(file, `${JSON.stringify(entry)}\n`);
    return file;
  } catch (error) {
    console.warn(`could not note the data folder in ${registry}: ${(error as Error).message}`);
    return null;
  }
}

/** The folder on disk of a PGlite location, or null for one that is not a folder (memory://, idb://). */
export function dataDirFolder(dataDir: string): string | null {
  if (dataDir.startsWith('file://')) return dataDir.slice('file://'.length);
  return /^[a-z]+:\/\//i.test(dataDir) ? null : dataDir;
}
