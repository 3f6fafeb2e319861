#!/usr/bin/env node
// Prints the gzip size of the JavaScript a first visit to the landing page loads (the entry chunk,
// its static imports, the landing page chunk and its static imports) and fails above the budget
// (under 150 kB gzipped before login). Reads web/dist/.vite/manifest.json from `vite build`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1000;
const dist = process.argv[2] ?? 'web/dist';
const LANDING_SOURCE = 'src/pages/landing/landing.page.tsx';

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
} catch (error) {
  console.error(`bundle-size: cannot read ${dist}/.vite/manifest.json (run the web build first): ${error.message}`);
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('bundle-size: no entry chunk in the manifest');
  process.exit(1);
}
if (!manifest[LANDING_SOURCE]) {
  console.error(`bundle-size: ${LANDING_SOURCE} is not a chunk of its own (is the landing route lazy?)`);
  process.exit(1);
}

/** Every chunk key reachable through static imports from the given keys. */
function staticClosure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

const kb = (n) => `${(n / 1000).toFixed(2)} kB`;
const chunks = [...staticClosure([entryKey, LANDING_SOURCE])]
  .map((key) => {
    const file = manifest[key].file;
    const raw = readFileSync(join(dist, file));
    return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  })
  .filter((c) => c.file.endsWith('.js'))
  .sort((a, b) => b.gzip - a.gzip);

console.log('\nJavaScript the landing page loads before login:');
for (const c of chunks)
  console.log(`  ${c.file.padEnd(52)} ${kb(c.raw).padStart(11)}  gzip ${kb(c.gzip).padStart(10)}`);
const total = chunks.reduce((sum, c) => sum + c.gzip, 0);
console.log(`  ${'total'.padEnd(52)} ${''.padStart(11)}  gzip ${kb(total).padStart(10)}  (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error(
    `\nbundle-size: the landing page loads ${kb(total)} of gzipped JavaScript, over the ${kb(BUDGET_BYTES)} budget.`,
  );
  process.exit(1);
}
