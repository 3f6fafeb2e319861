import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Guards the server's and shared's shape against import loops: no file imports itself through others, and no
// feature folder under server/src/modules reaches back to itself through other feature folders. Type
// imports count: they tie the files together for a reader as much as value imports do. A feature that
// another needs is reached through a lower layer (db/, http/, shared) or by registration on the context.

const root = resolve(import.meta.dirname, '..');
const serverSource = join(root, 'server', 'src');
const modulesDir = join(serverSource, 'modules');

/** Every source file of a folder tree, tests left out (they may import across features freely). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The files of this tree that `file` imports (relative specifiers only: packages are other workspaces). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const target = resolve(dirname(file), fileName);
    const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), `${target}.ts`, target];
    const found = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
    return found ? [found] : [];
  });
}

/** The strongly connected components of more than one node (Tarjan): each is a loop of imports. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The feature folder a file of server/src/modules belongs to; null for the composition files beside them. */
function featureOf(file: string): string | null {
  const path = relative(modulesDir, file);
  if (path.startsWith('..')) return null;
  const parts = path.split(sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** The file graph of server/src and, from it, the graph between feature folders, with the imports behind each arrow. */
function serverImportGraphs() {
  const files = new Map<string, Set<string>>();
  const features = new Map<string, Set<string>>();
  const because = new Map<string, string[]>();
  for (const file of sourceFiles(serverSource)) {
    const name = relative(root, file);
    const targets = importsOf(file);
    files.set(name, new Set(targets.map((target) => relative(root, target))));
    const from = featureOf(file);
    if (!from) continue;
    if (!features.has(from)) features.set(from, new Set());
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      features.get(from)!.add(to);
      because.set(`${from} -> ${to}`, [
        ...(because.get(`${from} -> ${to}`) ?? []),
        `${name} -> ${relative(root, target)}`,
      ]);
    }
  }
  return { files, features, because };
}

/** Each loop between feature folders as a sentence naming the folders and the imports that close it. */
function describeFeatureCycles(): string[] {
  const { features, because } = serverImportGraphs();
  return cyclesOf(features).map((cycle) => {
    const members = new Set(cycle);
    const arrows = [...because.entries()].filter(([arrow]) => {
      const [from, to] = arrow.split(' -> ');
      return members.has(from!) && members.has(to!);
    });
    return `${cycle.join(', ')}:\n${arrows.map(([arrow, imports]) => `  ${arrow} (${imports.join('; ')})`).join('\n')}`;
  });
}

/** The file graph of one source tree (its relative imports). */
function fileGraphOf(dir: string): Map<string, Set<string>> {
  return new Map(
    sourceFiles(dir).map((file) => [relative(root, file), new Set(importsOf(file).map((t) => relative(root, t)))]),
  );
}

/**
 * The server's layers, bottom up, and the folders each must not import: the session lookups every request
 * makes (sessions/) and the HTTP plumbing (http/) stand below the features, and the features below the
 * operators' endpoints (ops/), the sockets (realtime/) and the command line (cli/), which read them.
 */
const FOLDERS_ABOVE: Record<string, readonly string[]> = {
  sessions: ['http', 'modules', 'ops', 'realtime', 'cli'],
  http: ['modules', 'ops', 'realtime', 'cli'],
  modules: ['ops', 'realtime', 'cli'],
};

/** Imports of a server file graph that run from a layer into a folder above it. */
function layerBreaches(files: Map<string, Set<string>>): string[] {
  const folderOf = (file: string) => file.split('/')[2] ?? '';
  return [...files].flatMap(([from, targets]) =>
    [...targets]
      .filter((to) => (FOLDERS_ABOVE[folderOf(from)] ?? []).includes(folderOf(to)))
      .map((to) => `${from} -> ${to}`),
  );
}

describe('server import graph', () => {
  it('finds a loop when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('has no file that imports itself through other files', () => {
    expect(cyclesOf(serverImportGraphs().files)).toEqual([]);
  });

  it('has no feature folder under server/src/modules that reaches back to itself', () => {
    expect(describeFeatureCycles()).toEqual([]);
  });

  it('keeps its layers one way: sessions/ and http/ import no feature, modules/ no operator endpoint', () => {
    expect(layerBreaches(serverImportGraphs().files)).toEqual([]);
    // The check can fail: an import from http/ into a feature is named.
    const breach = new Map([['server/src/http/guards.ts', new Set(['server/src/modules/users/users.service.ts'])]]);
    expect(layerBreaches(breach)).toEqual(['server/src/http/guards.ts -> server/src/modules/users/users.service.ts']);
  });
});

/** The packages a file imports by name (`zod`, `node:fs`, `@noble/hashes/sha2.js` → `@noble/hashes`). */
function packagesOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => !name.startsWith('.'))
    .map((name) =>
      name.startsWith('node:')
        ? name
        : name
            .split('/')
            .slice(0, name.startsWith('@') ? 2 : 1)
            .join('/'),
    );
}

describe('shared import graph', () => {
  it('has no file of shared/src or shared/node/src that imports itself through other files', () => {
    expect(cyclesOf(fileGraphOf(join(root, 'shared', 'src')))).toEqual([]);
    expect(cyclesOf(fileGraphOf(join(root, 'shared', 'node', 'src')))).toEqual([]);
  });

  it('keeps shared/src browser-safe: no Node built-in, and only the packages shared/package.json lists', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'shared', 'package.json'), 'utf8'));
    const allowed = new Set(Object.keys(manifest.dependencies ?? {}));
    const strays = sourceFiles(join(root, 'shared', 'src')).flatMap((file) =>
      packagesOf(file)
        .filter((name) => !allowed.has(name))
        .map((name) => `${relative(root, file)} imports ${name}`),
    );
    expect(strays).toEqual([]);
    // The check can fail: a Node-only package is not among shared's.
    expect(allowed.has('ioredis') || allowed.has('bullmq') || allowed.has('pg')).toBe(false);
  });
});
