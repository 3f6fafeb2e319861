import { open, readFile, rm } from 'node:fs/promises';

/**
 * One witness per state file: two processes on one file would each check against their own view and
 * could cosign a checkpoint that rolls the other back. A lock file beside it holds the owner's process
 * ID; a lock whose process is gone (a crash) is taken over.
 */

const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process ID a lock file holds; empty when it vanished meanwhile (its owner just let go). */
async function readOwner(lockPath: string): Promise<string> {
  try {
    return await readFile(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

/** Takes `<path>.lock` or throws naming the process that holds it; resolves with its release. */
export async function lockStateFile(path: string): Promise<() => Promise<void>> {
  const lockPath = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lockPath, 'wx', 0o600);
      await file.writeFile(`${process.pid}\n`);
      await file.close();
      held.add(lockPath);
      return async () => {
        held.delete(lockPath);
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readOwner(lockPath), 10);
    // Our own process ID in a lock we do not hold is a previous run's (a restarted container's pid 1).
    const live = owner === process.pid ? held.has(lockPath) : Number.isInteger(owner) && isRunning(owner);
    if (live) throw new Error(`${path} is in use by the witness running as process ${owner} (${lockPath})`);
    await rm(lockPath, { force: true });
  }
  throw new Error(`could not lock ${path}: ${lockPath} keeps coming back`);
}
