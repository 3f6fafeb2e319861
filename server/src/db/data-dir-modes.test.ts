import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataFolderWarnings, secureDataFolder } from './data-dir-modes.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('secureDataFolder', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sr-modes-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  /** A data folder as a default umask (022) leaves it: folders 755, files 644, a secret among them. */
  function looseFolder(): string {
    const folder = join(root, 'data');
    mkdirSync(join(folder, 'base', '1'), { recursive: true });
    writeFileSync(join(folder, 'PG_VERSION'), '17\n');
    writeFileSync(join(folder, 'base', '1', '1259'), 'relation');
    writeFileSync(join(folder, 'track-record.key'), 'secret');
    for (const path of [folder, join(folder, 'base'), join(folder, 'base', '1')]) chmodSync(path, 0o755);
    for (const path of ['PG_VERSION', 'base/1/1259', 'track-record.key']) chmodSync(join(folder, path), 0o644);
    return folder;
  }

  it('makes every folder 700 and every file 600, and names what it changed', () => {
    const folder = looseFolder();
    const modes = secureDataFolder(folder);
    expect(modes.failed).toEqual([]);
    expect(modes.fixed.map((fix) => [fix.path.slice(folder.length), fix.from, fix.to]).sort()).toEqual(
      [
        ['', 0o755, 0o700],
        ['/base', 0o755, 0o700],
        ['/base/1', 0o755, 0o700],
        ['/PG_VERSION', 0o644, 0o600],
        ['/base/1/1259', 0o644, 0o600],
        ['/track-record.key', 0o644, 0o600],
      ].sort(),
    );
    for (const path of ['', '/base', '/base/1']) expect(modeOf(`${folder}${path}`), path).toBe(0o700);
    for (const path of ['/PG_VERSION', '/base/1/1259', '/track-record.key'])
      expect(modeOf(`${folder}${path}`)).toBe(0o600);

    const [warning, ...rest] = dataFolderWarnings(folder, modes);
    expect(rest).toEqual([]);
    expect(warning).toContain(`The data folder ${folder} was readable by other users of this machine`);
    expect(warning).toContain('made 6 paths private to this user (folders 700, files 600)');
    expect(warning).toContain('(755 to 700)');
    expect(warning).toContain('and 1 more');
  });

  it('changes nothing, and warns of nothing, in a folder that is private already', () => {
    const folder = looseFolder();
    secureDataFolder(folder);
    const again = secureDataFolder(folder);
    expect(again).toEqual({ fixed: [], failed: [] });
    expect(dataFolderWarnings(folder, again)).toEqual([]);
  });

  it('creates a missing folder private, and leaves symbolic links and what they point to alone', () => {
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    const folder = join(root, 'new', 'data');
    const modes = secureDataFolder(folder);
    expect(modeOf(folder) & 0o077).toBe(0);
    symlinkSync(outside, join(folder, 'link'));
    expect(secureDataFolder(folder).fixed.map((fix) => fix.path)).not.toContain(join(folder, 'link'));
    expect(modeOf(outside)).toBe(0o644);
    expect(modes.failed).toEqual([]);
  });
});
