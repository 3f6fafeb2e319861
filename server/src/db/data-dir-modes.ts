import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Folders of the data folder: only their owner may list, enter or write them. */
export const DATA_FOLDER_MODE = 0o700;
/** Files of the data folder: only their owner may read or write them. */
export const DATA_FILE_MODE = 0o600;
/** Files and folders this process creates get no permission for group or others. */
const PRIVATE_UMASK = 0o077;

/** A path whose permissions were tightened: its mode before and after. */
export interface ModeFix {
  path: string;
  from: number;
  to: number;
}

/** What `secureDataFolder` changed, and what it could not. */
export interface DataFolderModes {
  fixed: ModeFix[];
  failed: { path: string; error: string }[];
}

/**
 * Makes the embedded database's folder private to the user that runs the server: the folder and every
 * folder in it 700, every file 600 (PGlite's own files, the track record's key and the other secrets in
 * them included), creating the folder (700) if it does not exist. Only paths that give group or others
 * any permission are changed; symbolic links are left as they are (changing one would change what it
 * points to, maybe outside the folder). A path that cannot be changed is reported, not thrown.
 */
export function secureDataFolder(folder: string): DataFolderModes {
  mkdirSync(folder, { recursive: true, mode: DATA_FOLDER_MODE });
  const result: DataFolderModes = { fixed: [], failed: [] };
  const pending = [folder];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) continue;
    const isFolder = stats.isDirectory();
    if (isFolder) {
      for (const name of readdirSync(path)) pending.push(join(path, name));
    }
    const mode = stats.mode & 0o777;
    if ((mode & 0o077) === 0) continue;
    const to = isFolder ? DATA_FOLDER_MODE : DATA_FILE_MODE;
    try {
      chmodSync(path, to);
      result.fixed.push({ path, from: mode, to });
    } catch (error) {
      result.failed.push({ path, error: (error as Error).message });
    }
  }
  return result;
}

/**
 * Makes every file and folder this process creates from now on private to its user (umask 077), so
 * what PGlite writes into its folder after the start stays 600 and 700. The mask is the process's: it
 * covers anything else the process creates too, which in the embedded shape is nothing another user
 * needs. Answers the mask before, or null where a process cannot change it (a worker thread).
 */
export function restrictUmask(): number | null {
  if (!isMainThread) return null;
  return process.umask(PRIVATE_UMASK);
}

/** `755` for 0o755: how a mode is written in a log line. */
export function octal(mode: number): string {
  return mode.toString(8).padStart(3, '0');
}

/** How many paths a warning names before it only counts the rest. */
const PATHS_NAMED = 5;

/**
 * The warnings to log about a data folder that was not private, naming what was fixed (and what could
 * not be); none when it was private already.
 */
export function dataFolderWarnings(folder: string, modes: DataFolderModes): string[] {
  const warnings: string[] = [];
  const { fixed, failed } = modes;
  if (fixed.length > 0) {
    const named = fixed.slice(0, PATHS_NAMED).map((fix) => `${fix.path} (${octal(fix.from)} to ${octal(fix.to)})`);
    const more = fixed.length > PATHS_NAMED ? ` and ${fixed.length - PATHS_NAMED} more` : '';
    warnings.push(
      `The data folder ${folder} was readable by other users of this machine: made ${fixed.length} ` +
        `paths private to this user (folders 700, files 600): ${named.join(', ')}${more}`,
    );
  }
  if (failed.length > 0) {
    const named = failed.slice(0, PATHS_NAMED).map((failure) => `${failure.path} (${failure.error})`);
    const more = failed.length > PATHS_NAMED ? ` and ${failed.length - PATHS_NAMED} more` : '';
    warnings.push(
      `Could not make ${failed.length} paths of the data folder ${folder} private to this user, so other users ` +
        `may read them: ${named.join(', ')}${more}`,
    );
  }
  return warnings;
}
