import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Guards the dependency rules of the workspace against the lock file npm actually installs from:
// one installed version of every library a package depends on directly, type packages only as
// development dependencies, and the same Node floor in every package.

interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  engines?: Record<string, string>;
}

interface Lock {
  packages: Record<string, LockEntry>;
}

/** The root and every workspace, keyed by their folder in the lock ('' is the root). */
function workspaceEntries(lock: Lock): [string, LockEntry][] {
  const root = lock.packages[''];
  if (!root) throw new Error('package-lock.json has no root entry (lockfileVersion 2 or later expected)');
  return [
    ['', root],
    ...(root.workspaces ?? []).map((folder): [string, LockEntry] => [folder, lock.packages[folder] ?? {}]),
  ];
}

/** Every installed copy of `name` (workspace links excluded), as `version @ path`. */
function installedCopies(lock: Lock, name: string): Map<string, string[]> {
  const copies = new Map<string, string[]>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (entry.link || !entry.version) continue;
    if (path !== `node_modules/${name}` && !path.endsWith(`/node_modules/${name}`)) continue;
    copies.set(entry.version, [...(copies.get(entry.version) ?? []), path]);
  }
  return copies;
}

/** Each broken rule as one sentence naming the package and what to change; empty when all hold. */
function dependencyProblems(lock: Lock): string[] {
  const problems: string[] = [];
  const workspaces = workspaceEntries(lock);
  const rootEngines = JSON.stringify(workspaces[0]![1].engines ?? {});
  const direct = new Set<string>();

  for (const [folder, entry] of workspaces) {
    const label = folder || 'root';
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
      for (const name of Object.keys(entry[field] ?? {})) direct.add(name);
    }
    for (const name of Object.keys(entry.dependencies ?? {})) {
      if (name.startsWith('@types/'))
        problems.push(`${label}: ${name} is in dependencies; type packages belong in devDependencies`);
    }
    if (folder && JSON.stringify(entry.engines ?? {}) !== rootEngines) {
      problems.push(`${label}: engines ${JSON.stringify(entry.engines ?? {})} differ from the root's ${rootEngines}`);
    }
  }

  for (const name of [...direct].sort()) {
    const copies = installedCopies(lock, name);
    if (copies.size > 1) {
      const listed = [...copies].map(([version, paths]) => `${version} (${paths.join(', ')})`).join('; ');
      problems.push(`${name} is installed in ${copies.size} versions: ${listed}`);
    }
  }
  return problems;
}

describe('dependencies', () => {
  it('installs one version of each direct dependency, keeps type packages in devDependencies and one Node floor', () => {
    const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as Lock;
    expect(dependencyProblems(lock)).toEqual([]);
  });

  describe('the check itself', () => {
    const base = (): Lock => ({
      packages: {
        '': { name: 'root', workspaces: ['server'], engines: { node: '>=22.19' }, devDependencies: { vitest: '^4' } },
        server: { name: '@x/server', engines: { node: '>=22.19' }, dependencies: { fastify: '^5' } },
        'node_modules/@x/server': { link: true },
        'node_modules/fastify': { version: '5.1.0' },
        'node_modules/vitest': { version: '4.1.0' },
      },
    });

    it('passes a lock that keeps every rule', () => {
      expect(dependencyProblems(base())).toEqual([]);
    });

    it('names a direct dependency installed in two versions, even when the second is nested', () => {
      const lock = base();
      lock.packages['node_modules/other/node_modules/fastify'] = { version: '4.0.0' };
      expect(dependencyProblems(lock)).toEqual([
        'fastify is installed in 2 versions: 5.1.0 (node_modules/fastify); 4.0.0 (node_modules/other/node_modules/fastify)',
      ]);
    });

    it('names a type package in dependencies and a workspace whose engines differ', () => {
      const lock = base();
      lock.packages.server!.dependencies!['@types/pg'] = '^8';
      lock.packages.server!.engines = { node: '>=20' };
      expect(dependencyProblems(lock)).toEqual([
        'server: @types/pg is in dependencies; type packages belong in devDependencies',
        'server: engines {"node":">=20"} differ from the root\'s {"node":">=22.19"}',
      ]);
    });
  });
});
